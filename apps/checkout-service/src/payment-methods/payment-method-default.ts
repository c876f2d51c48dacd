import { clientLogging, type PaymentMethod, type RequestContext } from '@commerce/contracts';
import type { TransactionWork } from '@commerce/resources';
import { paymentMethodsTable } from './payment-methods.table.js';

/** Whose default a payment method is: its customer and business unit, either or both (SDK `default`). */
const ownerOf = (method: PaymentMethod) => ({
  customer: method.customer?.id ?? '',
  businessUnit: method.businessUnit?.key ?? '',
});

/**
 * One default per owner (docs/CHECKOUT.md, "Payment methods"): in the write's transaction, the owner's other
 * default payment methods stop being the default, each with its version and `PaymentMethodDefaultSet`. A
 * transaction-scoped advisory lock per owner makes two defaults set at once for one owner take turns, so the
 * later one clears the earlier.
 */
export function clearOtherDefaults(ctx: RequestContext, method: PaymentMethod): TransactionWork {
  return async (tx, messages) => {
    const { customer, businessUnit } = ownerOf(method);
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      JSON.stringify(['payment-method-default', ctx.projectKey, customer, businessUnit]),
    ]);
    const rows = await tx.query<Array<{ doc: PaymentMethod }>>(
      `SELECT doc FROM ${paymentMethodsTable.table}
        WHERE project_key = $1 AND id <> $2 AND (doc->>'default')::boolean
          AND coalesce(doc->'customer'->>'id', '') = $3 AND coalesce(doc->'businessUnit'->>'key', '') = $4
        FOR UPDATE`,
      [ctx.projectKey, method.id, customer, businessUnit],
    );
    const now = new Date().toISOString();
    for (const { doc } of rows) {
      const version = doc.version + 1;
      const cleared: PaymentMethod = {
        ...doc,
        default: false,
        version,
        lastModifiedAt: now,
        lastModifiedBy: clientLogging(ctx.actor),
      };
      await paymentMethodsTable.replace(tx, ctx.projectKey, cleared, doc.version);
      await messages.append(
        tx,
        { typeId: 'payment-method', id: doc.id, version, table: paymentMethodsTable.table },
        [{ type: 'PaymentMethodDefaultSet', default: false, oldDefault: true }],
      );
    }
  };
}
