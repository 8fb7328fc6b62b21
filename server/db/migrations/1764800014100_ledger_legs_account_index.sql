-- Issue 14, orders at speed: every leg written updated two indexes leading with its account,
-- (account, currency) and (account, entry_id DESC); every query of legs by account (fund records,
-- the privacy export and wallet totals, a house account's sum) names the account alone, which the
-- second serves as well. An order writes 3-4 legs: 3-4 index insertions fewer per order.
DROP INDEX ledger_legs_account_idx;
