import { acceptedBrands, brandAccepted, BRAND_NAMES, cardBrand, cardDigits, type CardsAccepted } from '../../src/domain/card';
import type { PayeeRules } from '../../src/domain/payment';
import type { PaymentFormText } from '../../src/domain/catalogue';
import { US_STATES } from '../../src/domain/us-states';
import { SelectField } from './field';
import { Field, MaskedField, type Binding } from './payment-fields';
import { useEffect, useRef } from 'react';
import { HumanCheck } from './submit';
import { INTERACTIVE_TOKEN_FIELD } from '../../src/domain/human-check';

interface CardStepProps extends Binding {
  words: PaymentFormText;
  rules: PayeeRules;
  /** The card number as typed, for its network. */
  ccn: string;
  state: string;
  setState: (value: string) => void;
  touch: (...names: string[]) => void;
  shown: (name: string) => string | undefined;
  humanCheckSiteKey?: string;
  /** The interactive check's site key, once an answer asked for it (a crowd's count ran high; the form's alert says so). */
  interactiveCheck?: string;
  humanReset: number;
  processing: boolean;
}

/** Step 2 of the card form: the card, its billing address, and the payment's submit. */
export function CardStep({
  words,
  rules,
  ccn,
  state,
  setState,
  touch,
  shown,
  humanCheckSiteKey,
  interactiveCheck,
  humanReset,
  processing,
  bind,
  masked,
}: CardStepProps) {
  const [cardList, network] = cardNetworks(words, rules.ccAccepted, ccn);
  return (
    <>
      <MaskedField
        inputMode="numeric"
        autoComplete="cc-number"
        enterKeyHint="next"
        hint={words.acceptedCards.replace('{cards}', cardList)}
        {...masked('ccn', 'card')}
      />
      <p className="card-network" aria-live="polite" id="wp-ccn-network">
        {network}
      </p>
      <div className="wp-row">
        <MaskedField inputMode="numeric" autoComplete="cc-exp" placeholder={words.expiryPlaceholder} {...masked('exp', 'expiry')} />
        <MaskedField inputMode="numeric" autoComplete="cc-csc" maxLength={4} hint={words.cvvHint} {...masked('cvv', 'cvv')} />
      </div>
      <Field autoComplete="cc-name" {...bind('billName')} />
      <Field autoComplete="address-line1" {...bind('addr1')} />
      <div className="wp-row">
        <Field autoComplete="address-level2" {...bind('city')} />
        <SelectField
          id="wp-state"
          name="state"
          label={words.state}
          choose={words.choose}
          autoComplete="address-level1"
          options={US_STATES}
          value={state}
          onChange={(e) => setState(e.target.value)}
          onBlur={() => touch('state')}
          error={shown('state')}
          quiet
        />
        <MaskedField inputMode="numeric" autoComplete="postal-code" {...masked('zip', 'zip')} />
      </div>
      <Field {...bind('payNote')} />
      {humanCheckSiteKey && <HumanCheck siteKey={humanCheckSiteKey} resetKey={humanReset} />}
      {interactiveCheck && <InteractiveCheck key={humanReset} siteKey={interactiveCheck} />}
      <button type="submit" className="button" disabled={processing}>
        {processing ? words.processing : words.submit}
      </button>
    </>
  );
}

/** The networks the payee takes, named before the first digit, and the one typed, as it is typed. */
function cardNetworks(words: PaymentFormText, accepted: CardsAccepted, ccn: string) {
  const cardList = listOf(
    acceptedBrands(accepted).map((brand) => BRAND_NAMES[brand]),
    words.listAnd,
  );
  const typedBrand = cardBrand(cardDigits(ccn));
  const network =
    typedBrand === 'unknown'
      ? undefined
      : brandAccepted(typedBrand, accepted)
        ? words.detectedCard.replace('{brand}', BRAND_NAMES[typedBrand])
        : words.cardNotAccepted.replace('{brand}', BRAND_NAMES[typedBrand]).replace('{cards}', cardList);
  return [cardList, network] as const;
}

/** Names joined as a sentence says them (`Visa and Mastercard`, `Visa y Mastercard`), by the catalogue's `{rest} and {last}`. */
function listOf(names: string[], and: string): string {
  if (names.length < 2) return names.join('');
  return and.replace('{rest}', names.slice(0, -1).join(', ')).replace('{last}', names.at(-1)!);
}

/**
 * The interactive check (Turnstile's managed widget), drawn once an answer asked for it: where an
 * address's or a payee's count runs high (the form's alert says what to do). Its token goes in a
 * field of its own. Drawn anew (a new `key`) for each attempt, as a token passes once.
 */
function InteractiveCheck({ siteKey }: { siteKey: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) window.turnstile?.render(ref.current, { sitekey: siteKey, 'response-field-name': INTERACTIVE_TOKEN_FIELD });
  }, [siteKey]);
  return <div ref={ref} className="human-check" />;
}
