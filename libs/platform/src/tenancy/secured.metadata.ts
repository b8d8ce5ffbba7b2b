/** Metadata key of @Secured(); its value is the SecuredOptions. */
export const SECURED = 'auth:secured';

export interface SecuredOptions {
  /**
   * Every problem body of the controller's routes also carries `"error": { codigo, mensaje }`, as
   * the legacy payroll services answered (CONTRACT §11.5), and its OpenAPI problems say so. Only on
   * a controller class.
   */
  legacyErrorMember?: boolean;
  /** Also require an active PREMIUM subscription on the selected business(es). */
  premium?: boolean;
  /**
   * Resolve the business(es) the request covers (token's business, `businessId`, `allBusiness=true`;
   * 400/403) without requiring a subscription. Implied by `premium`.
   */
  business?: boolean;
}
