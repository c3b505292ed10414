import { moneyText, type Quote } from "../../lib/front-desk";

/** The API's price of each seat (its list price and discounts when they differ) and the total. */
export function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The price of each seat</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Seat
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr
              key={`${line.classId}-${line.camperId}`}
              className="border-t border-slate-200 align-top dark:border-slate-700"
            >
              <th scope="row" className="py-1.5 pr-3 font-normal break-words">
                <span className="font-semibold text-slate-900 dark:text-white">{line.className}</span> ·{" "}
                {line.camperName}
                {line.discounts.length > 0 && (
                  <span className="block text-slate-600 dark:text-slate-400">
                    {line.discounts.map((d) => `${d.name} −${moneyText(d.cents)}`).join(", ")}
                  </span>
                )}
              </th>
              <td className="py-1.5 text-right whitespace-nowrap tabular-nums">
                {line.listPriceCents !== line.priceCents && (
                  <>
                    <s className="text-slate-600 dark:text-slate-400">
                      <span className="sr-only">List price </span>
                      {moneyText(line.listPriceCents)}
                    </s>{" "}
                  </>
                )}
                {moneyText(line.priceCents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 dark:border-slate-600">
            <th scope="row" className="py-2 pr-3 font-semibold">
              Total
            </th>
            <td className="py-2 text-right text-base font-bold tabular-nums text-slate-900 dark:text-white">
              {moneyText(quote.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
