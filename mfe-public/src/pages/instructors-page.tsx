import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function InstructorsPage() {
  return (
    <PagePlaceholder title="Our Instructors">The instructors list opens with the public site release.</PagePlaceholder>
  );
}
