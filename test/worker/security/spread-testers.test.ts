import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataset, freshClient, startAfresh } from '../origin-helpers';
import { visaNumber } from '../../shared/test-payer';
import { Device, guarded, processorCalls } from './attack-helpers';
import { Guard, POLICIES, SITE } from '../../../src/security/guard';
import { readConfig } from '../../../src/settings/config';

/**
 * Card testers spread over many addresses, who drop their cookies and buy a solved human check for
 * every try (attack-helpers.ts), against the payee's and the site's own counts; and the honest
 * payers beside them, who must never be refused by those ceilings.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const WRONG_CODE = '000';
const PAUSED =
  /^Card payments to Valley Medical Group are paused for a while to stop card fraud\. Please try again in \d+ minutes?, or call Valley Medical Group at \(559\) 555-0101 to pay\. If you contact us or the office you are paying, give this reference: [0-9A-F]{8}\.$/;

/** A company's invoice, for the honest payers of payee 1009. */
const invoice = (n: number) => ({ isBtoB: 'true', invoice: `INV-${n}` });

/** One try of a tester: a new address, no cookie, a new card, nine in ten with a wrong security code. */
const testerTry = (i: number, e: Env) =>
  new Device(freshClient(), false, e).pay({ ccn: visaNumber(80_000 + i), cvv: i % 10 ? WRONG_CODE : '737' }, { account: `T-${i}` });

/** An honest payer of payee 1009 on their own phone; with `fixesCode`, a wrong security code first, corrected with the key the decline gave. */
async function honestPayer(i: number, fixesCode: boolean, e: Env) {
  const phone = new Device(freshClient(), true, e);
  const ccn = visaNumber(90_000 + i);
  if (!fixesCode) return phone.pay({ ccn }, invoice(90_000 + i), '1009');
  const declined = await phone.pay({ ccn, cvv: WRONG_CODE }, invoice(90_000 + i), '1009');
  expect(declined.body).toMatchObject({ status: 'error', formKey: expect.any(String) });
  return phone.send({ ccn, ...invoice(90_000 + i) }, declined.body.formKey!, false, '1009');
}

describe("card testing spread over many addresses meets the payee's and the site's own counts", () => {
  beforeEach(startAfresh);

  it('150 cards on one payee, each from its own address with no cookie and every check solved, nine in ten declined: at most 40 reach the processor; 40 honest payers of another payee, five fixing a wrong code, are all charged', async () => {
    const { binding, events } = dataset();
    const e = guarded({ EVENTS: binding } as Partial<Env>);
    const tries = [];
    const honest = [];
    for (let i = 0; i < 150; i++) {
      tries.push(await testerTry(i, e));
      // The honest payers of another payee come and go during the attack.
      if (i % 3 === 0 && honest.length < 40) honest.push(await honestPayer(honest.length, honest.length % 8 === 0, e));
    }
    expect(honest).toHaveLength(40);
    for (const [i, answer] of honest.entries()) expect(answer.body, `honest payer ${i + 1}`).toMatchObject({ status: 'success' });
    const calls = await processorCalls();
    const toPayee = calls.filter((call) => call.path.includes('p=1001'));
    expect(toPayee.length).toBeLessThanOrEqual(40);
    expect(calls.filter((call) => call.path.includes('p=1009'))).toHaveLength(45);
    // Every later try is refused, naming the payee's phone.
    const refused = tries.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(110);
    for (const answer of refused) expect(answer.body.error).toMatch(PAUSED);
    // The pause is an event of the payee's policy (what pages the operator), and each refusal names it too.
    const limits = events().filter((event) => event.event === 'limit');
    expect(limits.filter((event) => event.action === 'paused').map((event) => event.policy)).toContain('pausedPayee');
    expect(limits.filter((event) => event.action === 'refused').every((event) => event.policy === 'pausedPayee')).toBe(true);
    expect(limits.some((event) => event.policy === 'pausedSite')).toBe(false);
  });

  it("a busy payee's hour, 1,200 payments an hour with 15 % declined, pauses nothing, asks nobody and refuses nobody (two windows' worth)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { binding, events } = dataset();
      const e = guarded({ EVENTS: binding } as Partial<Env>);
      const start = Date.now();
      const answers = [];
      // 400 payments in 20 minutes: 30 unapproved in each ten minutes, past the floor, against 170 approvals.
      for (let i = 0; i < 400; i++) {
        vi.setSystemTime(start + i * 3_000);
        const declined = i % 20 < 3;
        answers.push(
          await new Device(freshClient(), true, e).pay(
            { ccn: visaNumber(70_000 + i), cvv: declined ? WRONG_CODE : '737' },
            { account: `B-${i}` },
          ),
        );
      }
      expect(answers.filter((a) => a.body.status === 'success')).toHaveLength(340);
      expect(answers.filter((a) => a.status === 429)).toEqual([]);
      // Nobody was asked for the interactive check either: its declines are many, but few beside its approvals.
      expect(events().filter((event) => event.event === 'limit')).toEqual([]);
      expect(answers.filter((a) => a.asked)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the site's ceiling works the same way across payees: past it, a new device is refused on any payee, and a regular still pays", async () => {
    const { binding, events } = dataset();
    const e = guarded({ EVENTS: binding } as Partial<Env>);
    const regular = new Device(freshClient(), true, e);
    expect((await regular.pay({ ccn: visaNumber(60_000) }, invoice(60_000), '1009')).body).toMatchObject({ status: 'success' });
    // Testing spread thin over every payee, from many networks: each attempt takes the site's count
    // as a payment does, up to one short of its floor; none of them reaches any one payee's.
    const guard = new Guard(env.GUARD, readConfig(env));
    const { floor } = POLICIES.unapprovedSiteWide.trips;
    for (let i = 0; i < floor - 1; i++)
      expect(await guard.take({ policy: 'unapprovedSiteWide', subject: SITE, member: `network-${i % 40}` })).toMatchObject({
        allowed: true,
      });
    // The next unapproved payment, on any payee, reaches it: refused, and the site paused.
    const stranger = await new Device(freshClient(), true, e).pay({ ccn: visaNumber(60_001) }, invoice(60_001), '1009');
    expect(stranger.status).toBe(429);
    expect(stranger.body.error).toMatch(/^Card payments to .+ are paused for a while to stop card fraud\./);
    const another = await new Device(freshClient(), true, e).pay({ ccn: visaNumber(60_002) }, { account: 'S-1' });
    expect(another.body.error).toMatch(PAUSED);
    expect(
      events()
        .filter((event) => event.event === 'limit')
        .map((event) => `${String(event.policy)} ${String(event.action)}`),
    ).toEqual(['pausedSite paused', 'pausedSite refused', 'pausedSite refused']);
    expect((await regular.pay({ ccn: visaNumber(60_003) }, invoice(60_003), '1009')).body).toMatchObject({ status: 'success' });
  });

  it("a burst of 80 cards at once on one payee, from 80 addresses: the payee's count holds before any answer, at most 40 reach the processor", async () => {
    const e = guarded();
    await Promise.all(Array.from({ length: 80 }, (_, i) => testerTry(1_000 + i, e)));
    expect((await processorCalls()).filter((call) => call.path.includes('p=1001')).length).toBeLessThanOrEqual(40);
  });

  it("testers at one address cannot pause a payee for everyone: a payee's pause needs unapproved payments from five networks", async () => {
    const e = guarded();
    const network = freshClient().split('.').slice(0, 3).join('.');
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await new Device(`${network}.${10 + i}`, false, e).pay({ ccn: visaNumber(40_000 + i), cvv: WRONG_CODE }, { account: `N-${i}` }),
      );
    expect(answers.some((a) => a.body.error && /paused/.test(a.body.error))).toBe(false);
    // A new payer elsewhere still pays that payee.
    expect((await new Device(freshClient(), true, e).pay({ ccn: visaNumber(40_100) }, { account: 'N-P' })).body).toMatchObject({
      status: 'success',
    });
  });
});

describe('a regular keeps paying behind a tester', () => {
  beforeEach(startAfresh);
  afterEach(() => vi.useRealTimers());

  it('a patient who paid from their phone behind a carrier address pays a second bill with another card after a tester there was refused', async () => {
    const carrier = freshClient();
    const patient = new Device(carrier);
    expect((await patient.pay({ ccn: visaNumber(50_000) }, { account: 'R-1' })).body).toMatchObject({ status: 'success' });
    const tester = new Device(carrier, false);
    const tries = [];
    for (let i = 0; i < 40; i++) tries.push(await tester.pay({ ccn: visaNumber(51_000 + i) }, { account: `RT-${i}` }));
    expect(tries.some((t) => t.status === 429)).toBe(true);
    // A stranger there without an approved payment is refused by the address's count...
    expect((await new Device(carrier).pay({ ccn: visaNumber(52_000) }, { account: 'R-S' })).status).toBe(429);
    // ...the regular is not, and its own limits still hold: a second card is fine, a fifth is not.
    const second = await patient.pay({ ccn: visaNumber(50_001) }, { account: 'R-2' });
    expect(second.body).toMatchObject({ status: 'success' });
    expect(second.asked).toBe(false);
    for (let i = 2; i < 4; i++)
      expect((await patient.pay({ ccn: visaNumber(50_000 + i) }, { account: `R-${i + 1}` })).body.status).toBe('success');
    expect((await patient.pay({ ccn: visaNumber(50_004) }, { account: 'R-5' })).status).toBe(429);
  });
});
