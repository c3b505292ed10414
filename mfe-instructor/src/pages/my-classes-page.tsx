import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function MyClassesPage() {
  return (
    <PagePlaceholder title="My Classes">
      Your classes, their status and admin feedback open with the instructor release.
    </PagePlaceholder>
  );
}
