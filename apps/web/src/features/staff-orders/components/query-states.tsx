import {
  LoadError as SharedLoadError,
  LoadingRows as SharedLoadingRows,
} from '../../../shared/ui/query-states';
import { staffOrdersMessages as m } from '../messages';

/** The staff screens' dense rows while a list loads. */
export function LoadingRows({ rows = 5 }: { rows?: number }) {
  return <SharedLoadingRows rows={rows} height={36} />;
}

/** A failed load under the staff screens' one title. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <SharedLoadError title={m.loadFailed} error={error} onRetry={onRetry} />;
}
