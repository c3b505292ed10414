import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function MyCartPage() {
  return (
    <PagePlaceholder title="My Selected Classes">
      Your selected classes and checkout open with the student release.
    </PagePlaceholder>
  );
}
