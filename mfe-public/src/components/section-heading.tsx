/** Spec section 2: every section has a sub-heading and a heading. */
export function SectionHeading({
  subheading,
  title,
  id,
  level = 2,
  align = "center",
  children,
}: {
  subheading: string;
  title: string;
  id?: string;
  level?: 1 | 2;
  align?: "center" | "left";
  children?: React.ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <header className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className="text-sm font-semibold tracking-[0.2em] text-orange-700 uppercase dark:text-orange-400">
        {subheading}
      </p>
      <Heading
        id={id}
        className="mt-2 font-display text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </Heading>
      {children && <div className="mt-3 text-slate-600 dark:text-slate-400">{children}</div>}
    </header>
  );
}
