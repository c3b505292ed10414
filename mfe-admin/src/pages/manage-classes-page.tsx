import { useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage, formatAges, formatSession, levelLabel, ownImageUrl } from "shared-auth";
import { AdminRoot } from "../components/admin-root";
import { buttonStyles } from "../components/buttons";
import { FeedbackDialog } from "../components/feedback-dialog";
import { LineDialog } from "../components/line-dialog";
import { ReviewDialog } from "../components/review-dialog";
import { Cell, Email, ListToolbar, PagedTable, rowStyles } from "../components/list-controls";
import { PageHeading } from "../components/states";
import {
  useClassFeedback,
  useClassPage,
  useDecideChanges,
  useDeleteClass,
  useReviewClass,
  type AdminClass,
} from "../lib/admin-api";
import { confirmApprove, confirmDelete, DECIDED, notifyDeleted, notifySuccess, showFailure } from "../lib/alerts";
import { useListParams } from "../lib/list-params";
import "../styles.css";

const STATUS_BADGE: Record<AdminClass["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  denied: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A class picture's box: smaller in the wide table, where every column must fit. */
const IMAGE_BOX = "h-12 w-16 rounded-lg @4xl:h-10 @4xl:w-14";

/**
 * A class's picture when the API serves it (uploads and seed artwork). An address typed into the
 * API by hand could be anyone's: it is not loaded, so no other site learns when an admin looks.
 */
function ClassImage({ url }: { url: string }) {
  const src = ownImageUrl(url);
  if (src) return <img src={src} alt="" className={`${IMAGE_BOX} object-cover`} loading="lazy" />;
  return (
    <span
      className={`${IMAGE_BOX} flex items-center justify-center bg-slate-100 text-center text-[0.65rem] leading-tight text-slate-600 dark:bg-slate-800 dark:text-slate-300`}
    >
      Image elsewhere
    </span>
  );
}

/** The class's line in a few words: "3 waiting · 2 offered", nothing when nobody is in it. */
function LineCount({ item }: { item: AdminClass }) {
  const parts = [
    item.waiting_entries > 0 && `${item.waiting_entries} waiting`,
    item.offered_seats > 0 && `${item.offered_seats} offered`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <span className="block text-xs font-semibold text-amber-800 dark:text-amber-300" data-testid="line-count">
      <span className="sr-only">Waitlist: </span>
      {parts.join(" · ")}
    </span>
  );
}

/** What a family decides on, in one line under the class's name: when, for whom, at what level, where. */
function SessionLine({ item }: { item: AdminClass }) {
  const parts = [formatSession(item), formatAges(item), levelLabel(item.level), item.location].filter(Boolean);
  return (
    <span className="mt-1 block text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="class-session">
      {parts.length > 0 ? parts.join(" · ") : "No dates, ages or place given"}
    </span>
  );
}

const DENY_WORDS = (className: string) => ({
  title: `Deny ${className}?`,
  label: "Why (the instructor reads it in an e-mail and in the class's review history)",
  required: "Say why: the instructor reads it.",
  submit: "Deny the class",
  sending: "Denying…",
});

/**
 * Spec: /dashboard/manageclasses. One class at a time (the spec's whole-list PATCH is a defect).
 * Approve asks first, Deny asks why; Review shows the class, its page's preview, the changes its
 * instructor proposed and its review history (decision 039). A reviewed row stays where it was.
 */
export default function ManageClassesPage() {
  const [params, update] = useListParams();
  const list = useClassPage(params);
  const review = useReviewClass();
  const changes = useDecideChanges();
  const feedback = useClassFeedback();
  const remove = useDeleteClass();
  const [feedbackFor, setFeedbackFor] = useState<AdminClass | null>(null);
  const [lineFor, setLineFor] = useState<AdminClass | null>(null);
  const [denyFor, setDenyFor] = useState<AdminClass | null>(null);
  const [reviewFor, setReviewFor] = useState<AdminClass | null>(null);

  const approve = async (item: AdminClass) => {
    if (!(await confirmApprove(item.class_name))) return;
    review.mutate(
      { id: item._id, status: "approved" },
      {
        onSuccess: () => void notifySuccess(DECIDED.approved),
        onError: (error) => void showFailure(`${item.class_name} was not approved`, errorMessage(error)),
      },
    );
  };

  const del = async (item: AdminClass) => {
    if (!(await confirmDelete())) return;
    remove.mutate(item._id, {
      onSuccess: () => void notifyDeleted(`The class ${item.class_name}`),
      onError: (error) => void showFailure(`${item.class_name} was not deleted`, errorMessage(error)),
    });
  };

  const busyWith = (id: string) =>
    (review.isPending &&
      review.variables?.id === id &&
      (review.variables.status === "approved" ? "approve" : "deny")) ||
    (remove.isPending && remove.variables === id && "delete") ||
    null;

  return (
    <AdminRoot>
      <PageHeading title="Manage Classes" />
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search by class, instructor or e-mail"
        filterLabel="Status"
        filters={[
          { value: "pending", label: "Pending" },
          { value: "approved", label: "Approved" },
          { value: "denied", label: "Denied" },
        ]}
        sorts={[
          { value: "", label: "Pending first" },
          { value: "submitted", label: "Date submitted" },
          { value: "name", label: "Class name" },
          { value: "instructor", label: "Instructor" },
          { value: "price", label: "Price" },
          { value: "seats", label: "Seats" },
        ]}
      />
      <PagedTable
        list={list}
        params={params}
        update={update}
        label="Classes"
        columns={["Image", "Class", "Instructor", "Seats", "Price", "Status", "Actions"]}
        empty={{
          title: "No classes here",
          filtered: "No class matches this search or filter.",
          none: "No instructor has added a class yet.",
        }}
      >
        {(items) =>
          items.map((item) => {
            const busy = busyWith(item._id);
            return (
              <tr key={item._id} aria-busy={busy !== null} className={rowStyles}>
                <Cell kind="media">
                  <ClassImage url={item.image} />
                </Cell>
                <Cell kind="title">
                  {item.class_name}
                  <SessionLine item={item} />
                </Cell>
                <Cell kind="sub">
                  <span className="text-slate-800 dark:text-slate-200">{item.instructor}</span>
                  <br />
                  <Email address={item.email} />
                </Cell>
                <Cell kind="field" label="Seats" className="whitespace-nowrap">
                  {item.enrolled_seats} / {item.available_seats}
                  <LineCount item={item} />
                </Cell>
                <Cell kind="field" label="Price">
                  {money.format(item.price)}
                </Cell>
                <Cell kind="field" label="Status">
                  <span
                    className={`rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${STATUS_BADGE[item.status]}`}
                  >
                    {item.status}
                  </span>
                  {item.proposed_changes && (
                    <span className="mt-2 block w-fit rounded-full bg-sky-100 px-2.5 py-1 text-xs font-semibold text-sky-900 dark:bg-sky-900/40 dark:text-sky-100">
                      Changes proposed
                    </span>
                  )}
                  {/* The wide table has no column of its own for the date: every action must fit beside it. */}
                  <span className="hidden text-xs text-slate-600 @4xl:mt-2 @4xl:block dark:text-slate-400">
                    Submitted {dateFormat.format(new Date(item.createdAt))}
                  </span>
                </Cell>
                <Cell kind="field" label="Submitted" cardOnly>
                  {dateFormat.format(new Date(item.createdAt))}
                </Cell>
                <Cell kind="actions">
                  {/* Wrapped in a card; two by two in the wide table, so every button stays in view. */}
                  <div
                    className="flex flex-wrap gap-2 @4xl:grid @4xl:grid-cols-[repeat(2,max-content)]"
                    aria-label={`Actions for ${item.class_name}`}
                    role="group"
                  >
                    <button
                      type="button"
                      className={buttonStyles.approve}
                      disabled={item.status === "approved" || busy !== null}
                      onClick={() => void approve(item)}
                    >
                      {busy === "approve" ? "Approving…" : "Approve"}
                    </button>
                    <button
                      type="button"
                      className={buttonStyles.deny}
                      disabled={item.status === "denied" || busy !== null}
                      onClick={() => setDenyFor(item)}
                    >
                      {busy === "deny" ? "Denying…" : "Deny"}
                    </button>
                    <button
                      type="button"
                      className={item.proposed_changes ? buttonStyles.primary : buttonStyles.plain}
                      onClick={() => setReviewFor(item)}
                      aria-label={`${item.proposed_changes ? "Review changes to" : "Review"} ${item.class_name}`}
                    >
                      {item.proposed_changes ? "Review changes" : "Review"}
                    </button>
                    <button type="button" className={buttonStyles.plain} onClick={() => setFeedbackFor(item)}>
                      Feedback
                    </button>
                    <Link
                      to={`/dashboard/myclasses?class=${encodeURIComponent(item._id)}`}
                      className={buttonStyles.plain}
                      aria-label={`Roster of ${item.class_name}`}
                    >
                      Roster
                    </Link>
                    <button
                      type="button"
                      className={buttonStyles.plain}
                      onClick={() => setLineFor(item)}
                      aria-label={`Waitlist and opening of ${item.class_name}`}
                    >
                      Waitlist
                    </button>
                    <button
                      type="button"
                      className={buttonStyles.danger}
                      disabled={busy !== null}
                      onClick={() => void del(item)}
                      aria-label={`Delete ${item.class_name}`}
                    >
                      {busy === "delete" ? "Deleting…" : "Delete"}
                    </button>
                  </div>
                </Cell>
              </tr>
            );
          })
        }
      </PagedTable>
      {lineFor && <LineDialog item={lineFor} onClose={() => setLineFor(null)} />}
      {reviewFor && (
        <ReviewDialog
          item={reviewFor}
          onClose={() => setReviewFor(null)}
          onDecide={async (decision, reason) => {
            await changes.mutateAsync({ id: reviewFor._id, decision, feedback: reason });
            void notifySuccess(decision === "accept" ? "Changes accepted" : "Changes rejected");
          }}
        />
      )}
      {denyFor && (
        <FeedbackDialog
          className={denyFor.class_name}
          initial=""
          words={DENY_WORDS(denyFor.class_name)}
          onClose={() => setDenyFor(null)}
          onSend={async (reason) => {
            await review.mutateAsync({ id: denyFor._id, status: "denied", feedback: reason });
            void notifySuccess(DECIDED.denied);
          }}
        />
      )}
      {feedbackFor && (
        <FeedbackDialog
          className={feedbackFor.class_name}
          initial={feedbackFor.feedback}
          onClose={() => setFeedbackFor(null)}
          onSend={async (text) => {
            await feedback.mutateAsync({ id: feedbackFor._id, feedback: text });
            void notifySuccess("Feedback sent");
          }}
        />
      )}
    </AdminRoot>
  );
}
