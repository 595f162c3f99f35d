import type { OrderFile } from '@cabinet/contract';
import { ApiError } from '../api/errors';
import type { UploadOptions } from '../api/upload';
import { commonMessages } from '../messages';

/** Where a file goes: a draft's own files once it exists, else the customer's pending uploads. */
export type UploadTarget = { draftId: number } | 'pending';

/** Where a listed file lives: a pending upload, a draft's file, or already the order's. */
export type FilePlace = UploadTarget | 'order';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  /** Percent sent, 0…100. */
  progress: number;
  error: string | null;
  file: OrderFile | null;
  place: FilePlace;
}

export interface UploadListDeps {
  /** Read when a file is added: the draft may have appeared since the last one. */
  target(): UploadTarget;
  upload(target: UploadTarget, file: File, options: UploadOptions): Promise<OrderFile>;
  remove(target: UploadTarget, fileId: number): Promise<void>;
  /** A file finished uploading (a draft may want to take it). */
  onUploaded?(): void;
  cancelReason: string;
}

function reasonOf(error: unknown): string {
  return error instanceof ApiError ? error.message : commonMessages.unexpectedError;
}

/**
 * The files of the form, each uploaded on its own request so that each has its own progress, can
 * be cancelled, and fails alone (the server refuses a whole request when one file is bad). An
 * external store: the form reads it with useSyncExternalStore and the draft saver reads it directly.
 */
export class UploadList {
  private entries: readonly UploadEntry[];
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();
  private sequence = 0;

  constructor(
    private readonly deps: UploadListDeps,
    initial: Array<{ file: OrderFile; place: FilePlace }> = [],
  ) {
    this.entries = initial.map(({ file, place }) => this.entryOf(file, place));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): readonly UploadEntry[] => this.entries;

  add(files: File[]): void {
    for (const file of files) this.start(file);
  }

  /** Aborts an upload in flight; the file leaves the list. */
  cancel(key: string): void {
    this.controllers.get(key)?.abort(this.deps.cancelReason);
    this.controllers.delete(key);
    this.drop(key);
  }

  /** Removes a file: a stored one is deleted on the server first (and stays listed if that fails). */
  async remove(key: string): Promise<void> {
    const entry = this.entries.find((e) => e.key === key);
    if (!entry) return;
    if (entry.status === 'uploading') return this.cancel(key);
    if (entry.status === 'done' && entry.file && entry.place !== 'order') {
      await this.deps.remove(entry.place, entry.file.id);
    }
    this.drop(key);
  }

  /** Ids of stored uploads no order or draft holds yet. */
  pendingIds(): number[] {
    return this.entries.flatMap((e) =>
      e.status === 'done' && e.place === 'pending' && e.file ? [e.file.id] : [],
    );
  }

  isUploading(): boolean {
    return this.entries.some((e) => e.status === 'uploading');
  }

  /** The server attached these pending uploads to a draft or an order. */
  attach(ids: readonly number[], place: FilePlace): void {
    if (ids.length === 0) return;
    this.set(
      this.entries.map((e) =>
        e.file && e.place === 'pending' && ids.includes(e.file.id) ? { ...e, place } : e,
      ),
    );
  }

  private entryOf(file: OrderFile, place: FilePlace): UploadEntry {
    return {
      key: `f${++this.sequence}`,
      name: file.name,
      size: file.size,
      status: 'done',
      progress: 100,
      error: null,
      file,
      place,
    };
  }

  private start(file: File): void {
    const key = `f${++this.sequence}`;
    const target = this.deps.target();
    const controller = new AbortController();
    this.controllers.set(key, controller);
    this.set([
      ...this.entries,
      {
        key,
        name: file.name,
        size: file.size,
        status: 'uploading',
        progress: 0,
        error: null,
        file: null,
        place: target,
      },
    ]);
    this.deps
      .upload(target, file, {
        signal: controller.signal,
        onProgress: (fraction) => this.update(key, { progress: Math.min(99, Math.round(fraction * 100)) }),
      })
      .then(
        (stored) => {
          this.controllers.delete(key);
          this.update(key, { status: 'done', progress: 100, file: stored });
          this.deps.onUploaded?.();
        },
        (error: unknown) => {
          this.controllers.delete(key);
          if (controller.signal.aborted) return;
          this.update(key, { status: 'failed', error: reasonOf(error) });
        },
      );
  }

  private update(key: string, patch: Partial<UploadEntry>): void {
    if (!this.entries.some((e) => e.key === key)) return;
    this.set(this.entries.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  }

  private drop(key: string): void {
    this.set(this.entries.filter((e) => e.key !== key));
  }

  private set(next: readonly UploadEntry[]): void {
    this.entries = next;
    for (const listener of this.listeners) listener();
  }
}
