/** A payment as its receipt shows it: no card data beyond brand and last four digits. */
export interface Receipt {
  confirmation: string;
  payeeName: string;
  payeePhone: string;
  amountCents: number;
  brand: string;
  last4: string;
  createdAt: string;
}
