import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataset, freshClient, injectAnswer, resetStandIn } from '../origin-helpers';
import { visaNumber } from '../../shared/test-payer';
import { Device, guarded, processorCalls } from './attack-helpers';
import { asksFirst, POLICIES, type PolicyName } from '../../../src/security/guard';

/** The address's policies, which ask for the interactive check before they refuse anyone. */
const ADDRESS_POLICIES = (Object.keys(POLICIES) as PolicyName[]).filter((name) => POLICIES[name].subject === 'client' && asksFirst(name));

/**
 * Honest crowds behind one address (a carrier's NAT, iCloud Private Relay, a clinic's Wi-Fi, an
 * accounts-payable team) beside the card testers the guard must stop, with the human check on and
 * a solver that passes every challenge (attack-helpers.ts). Each person pays from the card form's
 * page, as a texted link opens it, and ticks the interactive check when the answer asks for it.
 */
vi.setConfig({ testTimeout: 120_000 });

const DECLINED = '4000 0000 0000 0002';

describe('honest crowds behind one address', () => {
  beforeEach(resetStandIn);

  it('eight devices behind one IPv4 address pay eight bills with eight cards within a minute: eight charges', async () => {
    const address = freshClient();
    for (let i = 0; i < 8; i++) {
      const answer = await new Device(address).pay({ ccn: visaNumber(5_000 + i) }, { account: `A-${5_000 + i}` });
      expect(answer.body, `payer ${i + 1}`).toMatchObject({ status: 'success' });
      expect(answer.asked).toBe(false);
    }
    expect(await processorCalls()).toHaveLength(8);
  });

  it('after three other devices there were declined once each, a fourth pays with a good card: charged', async () => {
    const address = freshClient();
    for (let i = 0; i < 3; i++)
      expect((await new Device(address).pay({ ccn: DECLINED }, { account: `A-${5_100 + i}` })).body).toMatchObject({ status: 'error' });
    const fourth = await new Device(address).pay({ ccn: visaNumber(5_110) }, { account: 'A-5110' });
    expect(fourth.body).toMatchObject({ status: 'success' });
    expect(await processorCalls()).toHaveLength(4);
  });

  it('one computer pays eight invoices with one company card within minutes: eight charges', async () => {
    const clerk = new Device(freshClient());
    const ccn = visaNumber(5_200);
    for (let i = 0; i < 8; i++) {
      const answer = await clerk.pay({ ccn }, { isBtoB: 'true', invoice: `INV-52${i}` }, '1009');
      expect(answer.body, `invoice ${i + 1}`).toMatchObject({ status: 'success' });
    }
    expect(await processorCalls()).toHaveLength(8);
  });
});

describe('what shows card testing is refused', () => {
  beforeEach(resetStandIn);

  for (const keepsCookies of [true, false])
    it(`a card tester on one address ${keepsCookies ? 'keeping its cookie' : 'dropping its cookie every time'}: 40 cards in a minute are not all charged, and the 30th is refused`, async () => {
      const address = freshClient();
      const tester = new Device(address, keepsCookies);
      const answers = [];
      for (let i = 0; i < 40; i++)
        answers.push(await tester.pay({ ccn: visaNumber((keepsCookies ? 6_000 : 6_100) + i) }, { account: `T-${keepsCookies}-${i}` }));
      const charged = (await processorCalls()).length;
      expect(charged).toBeLessThan(40);
      expect(answers.filter((a) => a.body.status === 'success')).toHaveLength(charged);
      expect(answers[29]!.status).toBe(429);
      expect(answers[29]!.body.error).toMatch(
        /^Too many payment attempts\. Please try again in \d+ minutes?\. If you contact us or the office you are paying, give this reference: [0-9A-F]{8}\.$/,
      );
      // A device that keeps its cookie is stopped by its own count: four cards, whatever the address.
      if (keepsCookies) expect(charged).toBe(4);
      // A script that drops it is a new device each time: the address's count asks, then refuses.
      else {
        expect(charged).toBe(25);
        expect(answers.slice(10, 25).every((a) => a.asked && a.body.status === 'success')).toBe(true);
      }
    });

  it("one card's third expiry and its try after two wrong codes are refused from any address", async () => {
    const ccn = visaNumber(6_200);
    expect((await new Device(freshClient()).pay({ ccn, exp: '01/31' })).body).toMatchObject({ status: 'success' });
    expect((await new Device(freshClient()).pay({ ccn, exp: '02/32' })).body).toMatchObject({ status: 'success' });
    expect((await new Device(freshClient()).pay({ ccn, exp: '03/33' })).status).toBe(429);
    const codes = visaNumber(6_210);
    await injectAnswer('/payment/', { status: 'error', message: 'The security code is incorrect.' });
    for (const cvv of ['111', '222'])
      expect((await new Device(freshClient()).pay({ ccn: codes, cvv })).body).toMatchObject({ status: 'error' });
    expect((await new Device(freshClient()).pay({ ccn: codes, cvv: '333' })).status).toBe(429);
    expect(await processorCalls()).toHaveLength(4);
  });

  it('one bill paid again and again from one device with fresh forms: at most two charges', async () => {
    const payer = new Device(freshClient());
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await payer.pay({ ccn: visaNumber(6_300) })).status);
    expect(await processorCalls()).toHaveLength(2);
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it("every refusal caused by an address's count was preceded by an interactive check", async () => {
    const address = freshClient();
    const { binding, events } = dataset();
    const e = guarded({ EVENTS: binding } as Partial<Env>);
    const answers: Array<{ asked: boolean; reference?: string }> = [];
    // Cards tried by scripts that drop their cookies, and declines from others, all behind one address.
    for (let i = 0; i < 40; i++) {
      const answer = await new Device(address, false, e).pay({ ccn: i % 4 ? visaNumber(6_400 + i) : DECLINED }, { account: `A-64${i}` });
      answers.push({ asked: answer.asked, reference: /reference: ([0-9A-F]{8})\.$/.exec(answer.body.error ?? '')?.[1] });
    }
    const refusedForTheAddress = events().filter(
      (event) => event.event === 'limit' && event.action === 'refused' && (ADDRESS_POLICIES as string[]).includes(String(event.policy)),
    );
    expect(refusedForTheAddress.length).toBeGreaterThan(0);
    for (const refusal of refusedForTheAddress) {
      const answer = answers.find((a) => a.reference === refusal.reference);
      expect(answer, `the answer of ${String(refusal.reference)}`).toBeDefined();
      expect(answer!.asked, `${String(refusal.policy)} refused ${String(refusal.reference)} unasked`).toBe(true);
    }
    // Each was asked first: the interactive check was asked for before any of them.
    const asked = events().filter((event) => event.event === 'limit' && event.action === 'asked');
    expect(asked.length).toBeGreaterThanOrEqual(refusedForTheAddress.length);
    // And without the interactive check, the address's count never refuses: it asks.
    const device = new Device(address, false, e);
    const unasked = await device.send({ ccn: visaNumber(6_499) }, await device.openForm());
    expect(unasked.status).toBe(400);
    expect(unasked.body).toMatchObject({ interactiveCheck: true });
  });
});
