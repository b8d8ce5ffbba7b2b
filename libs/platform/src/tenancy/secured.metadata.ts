/** Metadata key of @Secured(); its value is the SecuredOptions. */
export const SECURED = 'auth:secured';

export interface SecuredOptions {
  /** Also require an active PREMIUM subscription on the selected business(es). */
  premium?: boolean;
  /**
   * Resolve the business(es) the request covers (token's business, `businessId`, `allBusiness=true`;
   * 400/403) without requiring a subscription. Implied by `premium`.
   */
  business?: boolean;
}
