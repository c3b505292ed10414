declare global {
  /** Manifests index.html's head start has asked for (decision 024), by URL: their text, or null. */
  var academyEarlyManifests: Record<string, Promise<string | null> | undefined> | undefined;
}

/**
 * The federation runtime's request for a remote's manifest, answered from the one index.html's
 * head start already made for the page being opened (decision 024), once. Undefined when there is
 * none, and a failed early request answers undefined too: the runtime then asks the network itself.
 * No shared module here: runtime plugins load before the share scope exists.
 */
export function takeEarlyManifest(url: string): Promise<Response | undefined> | undefined {
  const early = globalThis.academyEarlyManifests;
  let key: string;
  try {
    key = new URL(url, globalThis.location?.href).href;
  } catch {
    return undefined;
  }
  const text = early?.[key];
  if (!early || !text) return undefined;
  delete early[key];
  return text.then(
    (body) => (body === null ? undefined : new Response(body, { headers: { "content-type": "application/json" } })),
    () => undefined,
  );
}
