import { PagePlaceholder, useAcademy } from "shared-auth";
import { StudentRoot } from "../components/student-root";
import "../styles.css";

export default function UserHomePage() {
  const name = useAcademy((s) => s.user?.displayName ?? s.user?.email ?? "student");
  return (
    <StudentRoot>
      <PagePlaceholder title="Student Home">
        Welcome, {name}. Your enrolled classes, payments and bookings open with the student release.
      </PagePlaceholder>
    </StudentRoot>
  );
}
