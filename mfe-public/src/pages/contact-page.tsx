import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function ContactPage() {
  return (
    <PagePlaceholder title="Contact Us">
      The contact form opens with the public site release. Until then, write to hello@summitsports.academy.
    </PagePlaceholder>
  );
}
