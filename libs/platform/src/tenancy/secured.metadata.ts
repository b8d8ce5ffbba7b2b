/** Metadata key of @Secured(); its value is the SecuredOptions. */
export const SECURED = 'auth:secured';

export interface SecuredOptions {
  /** Also require an active PREMIUM subscription on the selected business(es). */
  premium?: boolean;
}
