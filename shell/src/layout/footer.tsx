import { Link } from "react-router-dom";
import { ACADEMY, phoneHref, useAcademyFacts } from "shared-auth";
import { Logo } from "./logo";

const quickLinks = [
  { to: "/info/help", label: "Help Center" },
  { to: "/info/vouchers", label: "Redeem Voucher" },
  { to: "/info/policies", label: "Policies & Rules" },
  { to: "/info/offers", label: "Check Offer List" },
  { to: "/contact", label: "Contact Us" },
];

const information = [
  { to: "/info/support", label: "Students Support" },
  { to: "/info/camp", label: "Camp Info" },
  { to: "/info/license", label: "License Policy" },
  { to: "/info/affiliate", label: "Affiliate" },
  { to: "/info/about", label: "About Us" },
];

/** The icon and name of each site the academy may link to (its links are its settings: decision 051). */
const social = [
  {
    site: "facebook",
    label: "Facebook",
    path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z",
  },
  {
    site: "x",
    label: "X",
    path: "M22 5.9a8 8 0 0 1-2.3.6 4 4 0 0 0 1.8-2.2 8 8 0 0 1-2.6 1 4 4 0 0 0-6.8 3.7A11.4 11.4 0 0 1 3.8 4.8a4 4 0 0 0 1.2 5.4 4 4 0 0 1-1.8-.5 4 4 0 0 0 3.2 4 4 4 0 0 1-1.8.1 4 4 0 0 0 3.7 2.8A8 8 0 0 1 2 18.3 11.4 11.4 0 0 0 8.2 20c7.4 0 11.5-6.2 11.5-11.5v-.5A8 8 0 0 0 22 5.9Z",
  },
  {
    site: "instagram",
    label: "Instagram",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  },
  {
    site: "youtube",
    label: "YouTube",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3Z",
  },
  {
    site: "pinterest",
    label: "Pinterest",
    path: "M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.7 1.3 1.5 0 .9-.6 2.2-.9 3.4-.2 1 .5 1.9 1.6 1.9 1.9 0 3.3-2 3.3-4.9 0-2.6-1.8-4.4-4.5-4.4a4.6 4.6 0 0 0-4.8 4.6c0 .9.3 1.9.8 2.4l.1.4-.3 1.1c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2Z",
  },
] as const;

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-widest text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((l) => (
          <li key={l.label}>
            <Link to={l.to} className="text-slate-300 transition-colors hover:text-orange-400">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const academy = useAcademyFacts();
  const links = social.filter((s) => academy.socialLinks[s.site]);
  return (
    <footer className="mt-auto bg-slate-950 text-slate-300 dark:border-t dark:border-slate-800">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Logo onDark />
          <address className="mt-5 space-y-1.5 not-italic">
            {academy.addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              <a href={`mailto:${academy.email}`} className="hover:text-orange-400">
                {academy.email}
              </a>
            </p>
            <p>
              <a href={phoneHref(academy.phone)} className="hover:text-orange-400">
                {academy.phone}
              </a>
            </p>
          </address>
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Information" links={information} />
        <div>
          {links.length > 0 && (
            <>
              <h2 className="text-sm font-bold tracking-widest text-white uppercase">Follow us</h2>
              <ul className="mt-4 flex flex-wrap gap-3">
                {links.map((s) => (
                  <li key={s.site}>
                    <a
                      href={academy.socialLinks[s.site]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={s.label}
                      title={s.label}
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-orange-700 hover:text-white"
                    >
                      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                        <path d={s.path} />
                      </svg>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="mt-6 text-sm text-slate-400">
            Summer camps for ages {ACADEMY.ages}, {academy.seasonText}.
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400 sm:px-6">
          Copyright © {new Date().getFullYear()} {academy.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
