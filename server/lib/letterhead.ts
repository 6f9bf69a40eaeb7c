import type { AccountCardFields } from '../../src/contract/account-card';

/**
 * An account's letterhead (ADR 049, 080): what `/AccountCard` holds, in the lines quotations and report
 * PDFs print. Empty parts are left out, so a card filled in halfway still reads as a letterhead.
 */
export interface Letterhead {
  /** The trading name: the card's company name, else its legal name, else the account's name. */
  name: string;
  /** The registered name when it is not the same as `name`, else ''. */
  legalName: string;
  /** The postal address's lines, else the billing address on one line. */
  address: string[];
  /** "Reg. 2019/123456/07 · VAT ZA4123456789", or ''. */
  ids: string;
  /** "Tel. +27 31 555 0100 · office@… · www.…", or ''. */
  contact: string;
  /** "Bank: …", "Account name: …", "Account number: …" and the bank's other lines (IBAN, SWIFT …). */
  bank: string[];
}

export function letterheadOf(accountName: string, card: Partial<AccountCardFields> | null | undefined): Letterhead {
  const c = card ?? {};
  const name = c.companyName || c.legalName || accountName;
  const a = c.billingAddress;
  const billing = a ? [a.street, [a.postalCode, a.city].filter(Boolean).join(' '), a.country].filter(Boolean) : [];
  const postal = (c.postalAddress ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const b = c.bank;
  return {
    name,
    legalName: c.legalName && c.legalName !== name ? c.legalName : '',
    address: postal.length ? postal : billing.length ? [billing.join(', ')] : [],
    ids: [c.registrationNumber && `Reg. ${c.registrationNumber}`, c.vatNumber && `VAT ${c.vatNumber}`]
      .filter(Boolean)
      .join(' · '),
    contact: [c.phone && `Tel. ${c.phone}`, c.email, c.website].filter(Boolean).join(' · '),
    bank: b
      ? [
          b.bankName && `Bank: ${b.bankName}`,
          b.accountName && `Account name: ${b.accountName}`,
          b.accountNumber && `Account number: ${b.accountNumber}`,
          ...(b.other ?? '').split('\n').map((l) => l.trim()),
        ].filter((l): l is string => !!l)
      : [],
  };
}

/** The letterhead's lines under its name: legal name, address, numbers, contact. */
export const letterheadLines = (l: Letterhead): string[] =>
  [l.legalName, ...l.address, l.ids, l.contact].filter(Boolean);
