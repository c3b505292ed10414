import { PagePlaceholder } from "shared-auth";
import "../styles.css";

export default function AddClassPage() {
  return <PagePlaceholder title="Add a Class">Adding classes opens with the instructor release.</PagePlaceholder>;
}
