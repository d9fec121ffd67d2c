import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Every input mask, driven as a visitor drives it: digits typed one by one, a digit replaced in
 * the middle, one deleted, a formatted value pasted, bare digits pasted. After each step, the
 * value shown and where the caret stands.
 */
interface Steps {
  label: string;
  type: [digits: string, shown: string];
  /** Select the character at `at` and type `digit` over it. */
  edit: [at: number, digit: string, shown: string, caret: number];
  /** Backspace with the caret where the edit left it. */
  erase: [shown: string, caret: number];
  pasteFormatted: [text: string, shown: string];
  pasteDigits: [digits: string, shown: string];
}

const caretOf = (field: Locator) => field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);

async function drive(page: Page, steps: Steps) {
  const field = page.getByLabel(steps.label, { exact: true });
  await field.focus();
  // The mask loads at the first focus (or when the page is idle): wait until it is on the field.
  await expect(field).toHaveAttribute('data-masked', 'true');
  await field.pressSequentially(steps.type[0]);
  await expect(field).toHaveValue(steps.type[1]);
  expect(await caretOf(field)).toEqual([steps.type[1].length, steps.type[1].length]);

  const [at, digit, edited, editCaret] = steps.edit;
  await field.evaluate((el: HTMLInputElement, i) => el.setSelectionRange(i, i + 1), at);
  await page.keyboard.type(digit);
  await expect(field).toHaveValue(edited);
  expect(await caretOf(field)).toEqual([editCaret, editCaret]);

  await page.keyboard.press('Backspace');
  await expect(field).toHaveValue(steps.erase[0]);
  expect(await caretOf(field)).toEqual([steps.erase[1], steps.erase[1]]);

  for (const [text, shown] of [steps.pasteFormatted, steps.pasteDigits]) {
    await field.selectText();
    await page.keyboard.insertText(text);
    await expect(field).toHaveValue(shown);
    expect(await caretOf(field)).toEqual([shown.length, shown.length]);
  }
}

test.describe('input masks', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('text-me-a-link: the mobile number', async ({ page }) => {
    await page.goto('/valleymed');
    await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
    await drive(page, {
      label: 'Mobile number',
      type: ['5595550100', '(559) 555-0100'],
      edit: [6, '7', '(559) 755-0100', 7],
      erase: ['(559) 550-100', 6],
      pasteFormatted: ['(415) 555-2671', '(415) 555-2671'],
      pasteDigits: ['4155552671', '(415) 555-2671'],
    });
  });

  test('web payment: date of birth, amount, phone, then card number, expiry, security code and ZIP', async ({ page }) => {
    await page.goto('/web-payment?p=1001');
    await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
    await drive(page, {
      label: 'Patient Date of Birth',
      type: ['01311980', '01/31/1980'],
      edit: [3, '2', '01/21/1980', 4],
      erase: ['01/11/980', 3],
      pasteFormatted: ['12/25/1990', '12/25/1990'],
      pasteDigits: ['12251990', '12/25/1990'],
    });
    await drive(page, {
      label: 'Payment Amount',
      type: ['1234.5', '$1,234.5'],
      edit: [3, '9', '$1,934.5', 4],
      erase: ['$134.5', 2],
      pasteFormatted: ['$1,250.75', '$1,250.75'],
      pasteDigits: ['1500', '$1,500'],
    });
    await drive(page, {
      label: 'Mobile Number',
      type: ['5595550100', '(559) 555-0100'],
      edit: [6, '7', '(559) 755-0100', 7],
      erase: ['(559) 550-100', 6],
      pasteFormatted: ['(415) 555-2671', '(415) 555-2671'],
      pasteDigits: ['4155552671', '(415) 555-2671'],
    });
    await page.getByLabel('Patient Name').fill('Jane Doe');
    await page.getByLabel('Account Number').fill('A-1001');
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Card Number', { exact: true })).toBeFocused();

    await drive(page, {
      label: 'Card Number',
      type: ['4242424242424242', '4242 4242 4242 4242'],
      edit: [5, '1', '4242 1242 4242 4242', 6],
      erase: ['4242 2424 2424 242', 5],
      pasteFormatted: ['5555 5555 5555 4444', '5555 5555 5555 4444'],
      pasteDigits: ['378282246310005', '3782 822463 10005'],
    });
    await drive(page, {
      label: 'Expiration (MM/YY)',
      type: ['1230', '12/30'],
      edit: [1, '1', '11/30', 2],
      erase: ['13/0', 1],
      pasteFormatted: ['09/28', '09/28'],
      pasteDigits: ['0928', '09/28'],
    });
    await drive(page, {
      label: 'Security Code (CVV)',
      type: ['737', '737'],
      edit: [1, '2', '727', 2],
      erase: ['77', 1],
      pasteFormatted: ['1234', '1234'],
      pasteDigits: ['4321', '4321'],
    });
    await drive(page, {
      label: 'ZIP Code',
      type: ['93721', '93721'],
      edit: [2, '9', '93921', 3],
      erase: ['9321', 2],
      pasteFormatted: ['94105', '94105'],
      pasteDigits: ['94110', '94110'],
    });
  });
});

test.describe('the amount, once the visitor moves on', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows dollars and cents: a trailing zero is kept, and whole dollars get their cents', async ({ page }) => {
    await page.goto('/web-payment?p=1001');
    await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
    const amount = page.getByLabel('Payment Amount', { exact: true });
    for (const [typed, shown] of [
      ['12.50', '$12.50'],
      ['12', '$12.00'],
      ['1234.5', '$1,234.50'],
    ]) {
      await amount.focus();
      await expect(amount).toHaveAttribute('data-masked', 'true');
      await amount.selectText();
      await page.keyboard.press('Backspace');
      await amount.pressSequentially(typed!);
      await page.getByLabel('Email').focus();
      await expect(amount).toHaveValue(shown!);
    }
  });
});

test.describe('a mask that arrives while the visitor types', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // On a slow phone the mask's code can arrive after the first digits: whenever it arrives, it
  // formats what is there and no digit typed before, during or after is lost or moved.
  test('the mobile number keeps every digit, wherever the typing is when the mask arrives', async ({ page }) => {
    for (let typedFirst = 0; typedFirst <= 9; typedFirst++) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.unrouteAll();
      await page.route(/\/assets\/imask-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/valleymed');
      await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
      const field = page.getByLabel('Mobile number');
      await field.pressSequentially('5595550142'.slice(0, typedFirst));
      release();
      await field.pressSequentially('5595550142'.slice(typedFirst));
      await expect(field, `mask arriving after ${typedFirst} digits`).toHaveAttribute('data-masked', 'true');
      await expect(field, `mask arriving after ${typedFirst} digits`).toHaveValue('(559) 555-0142');
    }
  });
});

test.describe('an amount whose mask arrives while the visitor types', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The amount's mask pads cents when the visitor moves on, never when it arrives mid-typing:
  // "1" typed before it and "2.50" after is $12.50, not $1.00.
  test('keeps every character typed before and after', async ({ page }) => {
    const typed = '12.50';
    for (let typedFirst = 1; typedFirst < typed.length; typedFirst++) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.unrouteAll();
      await page.route(/\/assets\/imask[\w-]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/web-payment?p=1001');
      await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
      const amount = page.getByLabel('Payment Amount', { exact: true });
      await amount.pressSequentially(typed.slice(0, typedFirst));
      release();
      await expect(amount, `mask arriving after ${typedFirst} characters`).toHaveAttribute('data-masked', 'true');
      await amount.pressSequentially(typed.slice(typedFirst));
      await expect(amount, `mask arriving after ${typedFirst} characters`).toHaveValue('$12.50');
      expect(await caretOf(amount)).toEqual([6, 6]);
    }
  });
});
