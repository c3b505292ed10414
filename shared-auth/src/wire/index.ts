/*
 * The API's answers by name, for the apps (decision 038). The types themselves are generated from
 * the API's OpenAPI document into api.d.ts (`npm run openapi`), so a change to a route's schema
 * that breaks a front end fails its typecheck. Never copy an answer's shape by hand: name it here.
 */
import type { components, paths } from "./api";

export type { components, paths };

/** Every named schema of the document (`components/schemas`). */
export type Schemas = components["schemas"];

/** The shared error shape of every refusal. */
export type ApiErrorBody = Schemas["Error"];
export type Health = Schemas["Health"];
export type OutboxState = Schemas["OutboxState"];
export type NotificationSettings = Schemas["NotificationSettings"];
export type UploadedImage = Schemas["UploadedImage"];
export type User = Schemas["User"];
export type OwnUser = Schemas["OwnUser"];
export type UserPage = Schemas["UserPage"];
export type AdminFlag = Schemas["AdminFlag"];
export type InstructorFlag = Schemas["InstructorFlag"];
export type RoleChange = Schemas["RoleChange"];
export type AccessToken = Schemas["AccessToken"];
export type AccountDeleted = Schemas["AccountDeleted"];
export type ClassAvailability = Schemas["ClassAvailability"];
export type WaitlistEntry = Schemas["WaitlistEntry"];
export type LineEntry = Schemas["LineEntry"];
export type OpenOffer = Schemas["OpenOffer"];
export type WaitingRoom = Schemas["WaitingRoom"];
export type WaitingRoomPlace = Schemas["WaitingRoomPlace"];
export type CamperPerson = Schemas["CamperPerson"];
export type GuardianContact = Schemas["GuardianContact"];
export type Camper = Schemas["Camper"];
export type CamperEligibility = Schemas["CamperEligibility"];
export type FamilyExport = Schemas["FamilyExport"];
export type CamperMedicalDetails = Schemas["CamperMedicalDetails"];
export type WaitlistPlace = Schemas["WaitlistPlace"];
export type FamilyCamper = Schemas["FamilyCamper"];
export type Family = Schemas["Family"];
export type AccessLogEntry = Schemas["AccessLogEntry"];
export type ClassItem = Schemas["ClassItem"];
export type StaffClass = Schemas["StaffClass"];
export type ClassPage = Schemas["ClassPage"];
export type MyClassPage = Schemas["MyClassPage"];
export type Instructor = Schemas["Instructor"];
export type InstructorPage = Schemas["InstructorPage"];
export type InstructorWithClasses = Schemas["InstructorWithClasses"];
export type RosterEntry = Schemas["RosterEntry"];
export type RosterPage = Schemas["RosterPage"];
export type ClassRevenue = Schemas["ClassRevenue"];
export type AdminClass = Schemas["AdminClass"];
export type AdminClassPage = Schemas["AdminClassPage"];
export type AdminStats = Schemas["AdminStats"];
export type Discount = Schemas["Discount"];
export type PaymentPlan = Schemas["PaymentPlan"];
export type PlanSettings = Schemas["PlanSettings"];
export type PlanShare = Schemas["PlanShare"];
export type PlanDue = Schemas["PlanDue"];
export type PlanInstalment = Schemas["PlanInstalment"];
export type BalancesDue = Schemas["BalancesDue"];
export type OfficeInstalment = Schemas["OfficeInstalment"];
export type ChangedInstalment = Schemas["ChangedInstalment"];
export type CancelledPlan = Schemas["CancelledPlan"];
export type CancellationPolicy = Schemas["CancellationPolicy"];
export type RefundQuote = Schemas["RefundQuote"];
export type EnrolledSeat = Schemas["EnrolledSeat"];
export type CancelledSeat = Schemas["CancelledSeat"];
export type CancelledEnrolment = Schemas["CancelledEnrolment"];
export type GoodwillRefund = Schemas["GoodwillRefund"];
export type StaffRefund = Schemas["StaffRefund"];
export type StaffRefunds = Schemas["StaffRefunds"];
export type CartItem = Schemas["CartItem"];
export type AddToCartResponse = Schemas["AddToCartResponse"];
export type EnrolledClass = Schemas["EnrolledClass"];
export type LineDiscount = Schemas["LineDiscount"];
export type CodeVerdict = Schemas["CodeVerdict"];
export type CartQuote = Schemas["CartQuote"];
export type CheckoutItem = Schemas["CheckoutItem"];
export type Checkout = Schemas["Checkout"];
export type AcceptedOffer = Schemas["AcceptedOffer"];
export type HoldExtension = Schemas["HoldExtension"];
export type PaymentRecord = Schemas["PaymentRecord"];
export type Balance = Schemas["Balance"];
export type RefusedChargePayment = Schemas["RefusedChargePayment"];
export type PaymentPage = Schemas["PaymentPage"];
export type RecordedPayment = Schemas["RecordedPayment"];
export type ContactMessage = Schemas["ContactMessage"];
export type NewsletterSignup = Schemas["NewsletterSignup"];
export type NewsletterSubscriber = Schemas["NewsletterSubscriber"];
export type FormField = Schemas["FormField"];
export type FormVersion = Schemas["FormVersion"];
export type FormAnswer = Schemas["FormAnswer"];
export type FormToDo = Schemas["FormToDo"];
export type FamilyForms = Schemas["FamilyForms"];
export type FamilyForm = Schemas["FamilyForm"];
export type EsignConsent = Schemas["EsignConsent"];
export type AdminForm = Schemas["AdminForm"];
export type AdminForms = Schemas["AdminForms"];
export type StaffCamperForms = Schemas["StaffCamperForms"];
export type KeptFormFile = Schemas["KeptFormFile"];
export type SetupDone = Schemas["SetupDone"];
export type SetupState = Schemas["SetupState"];
export type PublishedForm = Schemas["PublishedForm"];
export type FormsCompletion = Schemas["FormsCompletion"];
export type PickupPerson = Schemas["FamilyPickup"]["campers"][number]["people"][number];
export type NewPickupPin = Schemas["NewPickupPin"];
export type FamilyPickup = Schemas["FamilyPickup"];
export type CampDay = Schemas["CampDay"];
export type CampDayAction = Schemas["CampDayAction"];
export type Today = Schemas["Today"];
export type FamilyCampDays = Schemas["FamilyCampDays"];
export type ClassMessages = Schemas["ClassMessages"];
export type DayReport = Schemas["DayReport"];
export type SessionAttendance = Schemas["SessionAttendance"];
export type MedicalReport = Schemas["MedicalReport"];
export type OfficeExport = Schemas["OfficeExport"];
export type DeskFamily = Schemas["DeskFamily"];
export type DeskFamilySummary = Schemas["DeskFamilySummary"];
export type DeskOrder = Schemas["DeskOrder"];
export type DeskPayment = Schemas["DeskPayment"];
export type DeskQuote = Schemas["DeskQuote"];
export type DeskCamper = Schemas["DeskCamper"];
export type BalanceOrders = Schemas["BalanceOrders"];
export type BalanceIntent = Schemas["BalanceIntent"];
export type ClaimOpened = Schemas["ClaimOpened"];
export type OfficeLog = Schemas["OfficeLog"];
export type MoveFigures = Schemas["MoveFigures"];
export type MoveQuote = Schemas["MoveQuote"];
export type SeatMoved = Schemas["SeatMoved"];
export type Statement = Schemas["Statement"];
export type StatementChoices = Schemas["StatementChoices"];
export type AidSeason = Schemas["AidSeason"];
export type AidApplication = Schemas["AidApplication"];
export type FamilyAid = Schemas["FamilyAid"];
export type AdminAidApplication = Schemas["AdminAidApplication"];
export type AdminAidApplicationWithStatement = Schemas["AdminAidApplicationWithStatement"];
export type AdminAid = Schemas["AdminAid"];
export type Academy = Schemas["Academy"];

type Method = "get" | "put" | "post" | "delete" | "patch";

/**
 * The JSON body an operation answers with: `Answer<"/classes/{id}", "get">` (200 unless a status
 * is given). For the answers without a name of their own.
 */
export type Answer<
  P extends keyof paths,
  M extends Method & keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { "application/json": infer Body } }
      ? Body
      : never
    : never
  : never;
