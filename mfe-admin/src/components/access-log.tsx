import { useState } from "react";
import {
  camperLabel,
  classLabel,
  readerLabel,
  readTime,
  reasonLabel,
  useAccessLog,
  type AccessLogEntry,
  type LogName,
} from "../lib/family";
import type { ListParams } from "../lib/list-params";
import { Cell, Email, PagedTable, rowStyles } from "./list-controls";

const PAGE_SIZE = 20;
const muted = "text-slate-600 dark:text-slate-400";

/**
 * A name, and under it the id in full (a person may need to find it elsewhere), broken anywhere
 * rather than widening the table. Words standing in for a missing name are muted.
 */
function Named({ name, id }: { name: LogName; id: string | null }) {
  return (
    <span className="flex min-w-0 flex-col items-end text-right @4xl:items-start @4xl:text-left">
      <span className={name.known ? "[overflow-wrap:anywhere]" : `italic ${muted}`}>{name.text}</span>
      {id && <code className={`font-mono text-xs [overflow-wrap:anywhere] ${muted}`}>{id}</code>}
    </span>
  );
}

/**
 * Every staff read of campers' medical and contact details (GET /admin/access-log), newest first,
 * a page at a time: who read, why (a class roster, a camper's medical details, a family, a roster
 * export), whose details and when. The page is kept here, not in the URL: Admin Home has more lists.
 */
export function AccessLog() {
  const [params, setParams] = useState<ListParams>({
    page: 1,
    size: PAGE_SIZE,
    search: "",
    sort: "",
    dir: "asc",
    filter: "",
  });
  const list = useAccessLog({ page: params.page, size: params.size });
  return (
    <PagedTable<AccessLogEntry>
      list={list}
      params={params}
      update={(change) => setParams((p) => ({ ...p, ...change }))}
      label="Reads"
      columns={["Read", "When", "Reader", "Camper", "Class"]}
      empty={{
        title: "No reads yet",
        filtered: "No reads match.",
        none: "When an instructor opens a roster or an admin a family, the read shows here.",
      }}
    >
      {(items) =>
        items.map((r) => (
          <tr key={r._id} className={rowStyles}>
            <Cell kind="title" className="col-span-2">
              {reasonLabel(r.reason)}
            </Cell>
            <Cell kind="field" label="When">
              <time dateTime={r.readAt}>{readTime(r.readAt)}</time>
            </Cell>
            <Cell kind="field" label="Reader">
              <Reader reader={r.reader} />
            </Cell>
            <Cell kind="field" label="Camper">
              <Named name={camperLabel(r)} id={r.camperId} />
            </Cell>
            <Cell kind="field" label="Class">
              <Named name={classLabel(r)} id={r.classId} />
            </Cell>
          </tr>
        ))
      }
    </PagedTable>
  );
}

/** The staff member by name, their e-mail and role under it (the e-mail alone once the account is gone). */
export function Reader({ reader }: { reader: AccessLogEntry["reader"] }) {
  const name = readerLabel(reader);
  return (
    <span className="flex min-w-0 flex-col items-end text-right @4xl:items-start @4xl:text-left">
      {name.known ? (
        <>
          <span className="[overflow-wrap:anywhere]">{name.text}</span>
          <span className={`text-xs ${muted}`}>
            <Email address={reader.email} /> ({reader.role})
          </span>
        </>
      ) : (
        <span>
          <Email address={reader.email} /> <span className={muted}>({reader.role})</span>
        </span>
      )}
    </span>
  );
}
