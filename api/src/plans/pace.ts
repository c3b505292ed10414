/**
 * Waits so that no more than `perSecond` charges start in any second of this process; told that
 * the provider limits the rate (its 429), it halves its pace (down to one charge a second), and
 * each charge answered brings it up by a tenth of a charge a second: processes sharing one
 * account's limit settle just under it instead of all retrying at once.
 */
export function pacer(perSecond: number) {
  let next = 0;
  let rate = perSecond;
  return {
    wait: async () => {
      const now = Date.now();
      const at = Math.max(now, next);
      next = at + 1000 / rate;
      if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    },
    slowDown: () => {
      rate = Math.max(1, rate / 2);
    },
    answered: () => {
      rate = Math.min(perSecond, rate + 0.1);
    },
  };
}
