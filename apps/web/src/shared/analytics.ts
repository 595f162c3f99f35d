/**
 * Analytics interface of spec §1/§2: a page hit after every navigation and named goals.
 * No counters are configured yet, so nothing is recorded; a counter is added as a sink.
 */
export type AnalyticsSink = {
  hit(url: string): void;
  goal(name: string): void;
};

/** Recorded when the info modal shows the order-confirmed thank-you text. */
export const WELCOME_GOAL = 'welcome';
/** Reserved for the first paid order (the /order/{id}/success screen). */
export const FIRST_ORDER_GOAL = 'first_order';
export const ORDER_CONFIRMED_MESSAGE = 'Спасибо! Ваш заказ подтверждён.';

const sinks = new Set<AnalyticsSink>();

/** Adds a counter; returns the function that removes it. */
export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function hit(url: string): void {
  for (const sink of sinks) sink.hit(url);
}

export function goal(name: string): void {
  for (const sink of sinks) sink.goal(name);
}
