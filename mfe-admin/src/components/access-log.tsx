import { useState } from "react";
import { readTime, reasonLabel, useAccessLog, type AccessLogEntry } from "../lib/family";
import type { ListParams } from "../lib/list-params";
import { Cell, Email, PagedTable, rowStyles } from "./list-controls";

const PAGE_SIZE = 20;

/** An id in full (a person may need to find it elsewhere), broken anywhere rather than widening the table. */
function Id({ value }: { value: string | null }) {
  if (!value) return <span className="text-slate-600 dark:text-slate-400">None</span>;
  return <code className="font-mono text-xs [overflow-wrap:anywhere]">{value}</code>;
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
              <span className="text-right @4xl:text-left">
                <Email address={r.reader.email} />{" "}
                <span className="text-slate-600 dark:text-slate-400">({r.reader.role})</span>
              </span>
            </Cell>
            <Cell kind="field" label="Camper">
              <Id value={r.camperId} />
            </Cell>
            <Cell kind="field" label="Class">
              <Id value={r.classId} />
            </Cell>
          </tr>
        ))
      }
    </PagedTable>
  );
}
