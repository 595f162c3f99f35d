import Database from 'better-sqlite3';

/**
 * Pays an order in full the way the payments issue will, until it is built: straight in the
 * running server's SQLite file (WAL, so the server sees it on its next read), status «Оплачен»,
 * paid = price, and the timeline's 'paid' event by the system — as the API tests' payInDb does.
 */
export function simulatePayment(sqlitePath: string, orderId: number): number {
  const db = new Database(sqlitePath);
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .transaction(() => {
        const order = db.prepare('SELECT price, status_id FROM orders WHERE id = ?').get(orderId) as
          { price: number; status_id: number } | undefined;
        if (!order) throw new Error(`no order ${orderId} to pay`);
        if (order.status_id !== 2) throw new Error(`order ${orderId} is in status ${order.status_id}, not 2`);
        const now = new Date().toISOString();
        db.prepare('UPDATE orders SET status_id = 3, paid = price, updated_at = ? WHERE id = ?').run(
          now,
          orderId,
        );
        db.prepare(
          `INSERT INTO order_events (order_id, kind, actor_role, staff_id, data, created_at)
         VALUES (?, 'paid', 'system', NULL, ?, ?)`,
        ).run(orderId, JSON.stringify({ amount: order.price }), now);
        return order.price;
        // IMMEDIATE: take the write lock before the first read, so a server write in between
        // waits on busy_timeout instead of failing the upgrade with «database is locked».
      })
      .immediate();
  } finally {
    db.close();
  }
}
