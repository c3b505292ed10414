/** Spec section 2: the page of any unknown path (the remotes show the same one for unknown records). */
export { NotFoundPage as ErrorPage } from "shared-auth";
