import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { api, queryKeys, useAcademy } from "shared-auth";
import { ClassForm } from "../components/class-form";
import { InstructorRoot } from "../components/instructor-root";
import { PageTitle } from "../components/ui";
import { toWire } from "../lib/class-fields";
import "../styles.css";

/** /dashboard/addclass: a new class goes to the admins for review (pending). */
export default function AddClassPage() {
  const queryClient = useQueryClient();
  const email = useAcademy((s) => s.user?.email ?? "");
  return (
    <InstructorRoot>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <PageTitle title="Add a Class">
          An admin reviews every new class before students see it. Follow its status in{" "}
          <Link to="/dashboard/myclasses" className="font-semibold text-orange-800 underline dark:text-orange-300">
            My Classes
          </Link>
          .
        </PageTitle>
        <ClassForm
          mode="add"
          submitLabel="Add Class"
          onSubmit={async (values) => {
            await api.post("/classes", {
              ...toWire(values),
              image: values.image,
              enrolled_seats: Number(values.enrolled_seats),
            });
            await queryClient.invalidateQueries({ queryKey: queryKeys.myClasses(email) });
            return "Class added successfully";
          }}
        />
      </div>
    </InstructorRoot>
  );
}
