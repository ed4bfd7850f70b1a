'use strict';
// What billing stored, read straight from its database: the proof that nothing was credited twice.
const mongoose = require('mongoose');

async function billingRecords(portal, merchantOrderIds) {
  const connection = await mongoose.createConnection(portal.db.uri, { dbName: `${portal.databasePrefix}billing` }).asPromise();
  try {
    const ids = { $in: merchantOrderIds };
    const orders = await connection.collection('transactions').find({ merchantOrderId: ids }).toArray();
    const invoices = await connection.collection('invoices').find({ merchantOrderId: ids }).toArray();
    const subscriptions = await connection.collection('subscriptions').find({ creditedOrderIds: ids }).toArray();
    const credits = {};
    for (const subscription of subscriptions) {
      for (const id of subscription.creditedOrderIds) if (merchantOrderIds.includes(id)) credits[id] = (credits[id] ?? 0) + 1;
    }
    const invoiceCount = {};
    for (const invoice of invoices) invoiceCount[invoice.merchantOrderId] = (invoiceCount[invoice.merchantOrderId] ?? 0) + 1;
    return { status: Object.fromEntries(orders.map((order) => [order.merchantOrderId, order.status])), credits, invoiceCount };
  } finally {
    await connection.close();
  }
}

module.exports = { billingRecords };
