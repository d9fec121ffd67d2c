/**
 * The site as it is, but a release whose Durable Objects fail: each object throws on every call
 * (the release tier's canary test), plus a class no migration made (its 10061 test).
 */
import { DurableObject } from 'cloudflare:workers';
import { AbuseCounter as Guard, PaymentClaim as Claim } from '../../src/index';

export { default } from '../../src/index';

export class AbuseCounter extends Guard {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    throw new Error('this release breaks its Durable Objects');
  }
}

export class PaymentClaim extends Claim {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    throw new Error('this release breaks its Durable Objects');
  }
}

export class AuditTrail extends DurableObject<Env> {}
