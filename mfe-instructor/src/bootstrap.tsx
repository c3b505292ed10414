// This remote opened on its own (its team's dev server). The shell never loads this file.
import { mountStandalone } from "shared-auth/standalone";
import InstructorHomePage from "./pages/instructor-home-page";
import AddClassPage from "./pages/add-class-page";
import MyClassesPage from "./pages/my-classes-page";
import TodayPage from "./pages/today-page";

// The standalone page needs the reset the shell provides in the site; production builds never ship it.
if (process.env.NODE_ENV !== "production") void import("./standalone.css");

mountStandalone("Instructor area", { InstructorHomePage, AddClassPage, MyClassesPage, TodayPage });
