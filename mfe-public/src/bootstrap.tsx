// This remote opened on its own (its team's dev server). The shell never loads this file.
import { mountStandalone } from "shared-auth/standalone";
import HomePage from "./pages/home-page";
import InstructorsPage from "./pages/instructors-page";
import InstructorClassesPage from "./pages/instructor-classes-page";
import ClassesPage from "./pages/classes-page";
import ClassPage from "./pages/class-page";
import ContactPage from "./pages/contact-page";
import InfoPage from "./pages/info-page";

// The standalone page needs the reset the shell provides in the site; production builds never ship it.
if (process.env.NODE_ENV !== "production") void import("./standalone.css");

mountStandalone("Public pages", {
  HomePage,
  InstructorsPage,
  InstructorClassesPage,
  ClassesPage,
  ClassPage,
  ContactPage,
  InfoPage,
});
