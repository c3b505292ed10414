// This remote opened on its own (its team's dev server). The shell never loads this file.
import { mountStandalone } from "shared-auth/standalone";
import UserHomePage from "./pages/user-home-page";
import MyCartPage from "./pages/my-cart-page";
import PaymentPage from "./pages/payment-page";
import SinglePaymentPage from "./pages/single-payment-page";
import PaymentHistoryPage from "./pages/payment-history-page";
import EnrolledClassesPage from "./pages/enrolled-classes-page";
import MyCampersPage from "./pages/my-campers-page";
import MyWaitlistsPage from "./pages/my-waitlists-page";
import MyFormsPage from "./pages/my-forms-page";
import PickupPage from "./pages/pickup-page";

// The standalone page needs the reset the shell provides in the site; production builds never ship it.
if (process.env.NODE_ENV !== "production") void import("./standalone.css");

mountStandalone("Student area", {
  UserHomePage,
  MyCartPage,
  PaymentPage,
  SinglePaymentPage,
  PaymentHistoryPage,
  EnrolledClassesPage,
  MyCampersPage,
  MyWaitlistsPage,
  MyFormsPage,
  PickupPage,
});
