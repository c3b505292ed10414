/** What the template tests render e-mails with: the site's address, a hostile name, a class's session. */
export const SITE = "https://camp.example";
export const HOSTILE = "<img src=x onerror=alert(1)>";
export const soccer = {
  classId: "00000000-0000-4000-9000-000000000001",
  className: "Soccer Skills",
  instructorName: "Maya Torres",
  location: "North Field",
  startDate: "2027-07-05",
  endDate: "2027-07-30",
  weekdays: ["mon", "wed", "fri"],
  startTime: "09:00:00",
  endTime: "12:00:00",
};
