/**
 * The few whole-page navigations the providers make (401 to the login page, the
 * application page when a person has no identity). Kept behind one object because
 * jsdom's `window.location` cannot be spied on, and tests must see where we went.
 */
export const pageLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  pathname(): string {
    return window.location.pathname;
  },
};

/**
 * Pages a visitor without a session may stay on. `/identity` is public in the route
 * table but needs a session to list identities, so a 401 there still goes to /login.
 */
export const sessionlessPaths = ["/login", "/register", "/forget-password"] as const;

export const isSessionlessPath = (pathname: string): boolean =>
  (sessionlessPaths as readonly string[]).includes(pathname.replace(/\/+$/, "") || "/");
