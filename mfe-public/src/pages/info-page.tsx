import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function InfoPage() {
  return (
    <PagePlaceholder title="Information">
      Help, policies and camp information open with the public site release.
    </PagePlaceholder>
  );
}
