import type { OrderPacket } from '@cabinet/contract';
import { useEffect, useState } from 'react';
import type { ServerForm } from '../../shared/ui/use-server-form';
import { calculatePrice } from './api';
import type { PriceState } from './components/price-summary';
import type { OrderFormValues } from './model';
import { LatestRun, toPriceInput, type EditedOrder, type PriceInput, type PriceQuote } from './pricing';

const PRICE_DEBOUNCE_MS = 400;

/**
 * The price following the fields: asked for once typing pauses, a newer calculation aborting the
 * one in flight. `lastTotal` is the last finished total: kept on the sticky bar while a new one is
 * calculated, and announced once when it changes.
 */
export function useLivePrice(
  form: ServerForm<OrderFormValues>,
  earliest: string,
  packets: OrderPacket[],
  edited: EditedOrder | null,
): { price: PriceState; lastTotal: number | null } {
  const [price, setPrice] = useState<PriceState>({ status: 'idle' });
  const [lastTotal, setLastTotal] = useState<number | null>(null);
  const { subscribe, getValues } = form;

  useEffect(() => {
    const runner = new LatestRun<PriceInput, PriceQuote>(calculatePrice, PRICE_DEBOUNCE_MS, (event) => {
      setPrice(event);
      if (event.status === 'done') setLastTotal(event.result.total);
    });
    let lastKey = 'null';
    const follow = () => {
      const input = toPriceInput(getValues(), earliest, packets, edited);
      const key = JSON.stringify(input);
      if (key === lastKey) return;
      lastKey = key;
      if (input) {
        runner.schedule(input);
      } else {
        runner.cancel();
        setPrice({ status: 'idle' });
        setLastTotal(null);
      }
    };
    follow();
    const unsubscribe = subscribe(follow);
    return () => {
      unsubscribe();
      runner.cancel();
    };
  }, [subscribe, getValues, earliest, packets, edited]);

  return { price, lastTotal };
}
