import type { Draft, DraftUpdateRequest } from '@cabinet/contract';

// The form's autosave: a draft written a moment after the last change, one request at a time.

export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftSaverDeps {
  /** The draft as the form holds it now, with the ids of uploads not yet attached. */
  read(): DraftUpdateRequest;
  create(body: DraftUpdateRequest): Promise<Draft>;
  update(id: number, body: DraftUpdateRequest): Promise<Draft>;
  onStatus(status: DraftSaveStatus): void;
  onSaved(draft: Draft, sent: DraftUpdateRequest): void;
  delayMs: number;
}

function fieldsKey(body: DraftUpdateRequest): string {
  const { files: _files, ...fields } = body;
  return JSON.stringify(fields);
}

/**
 * Saves the server-side draft as the customer types: the first save creates it, later ones
 * update it, one at a time and in order, and only when something changed.
 */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private lastSent: string;
  private stopped = false;

  constructor(
    private readonly deps: DraftSaverDeps,
    public draftId: number | null,
    initial: DraftUpdateRequest,
  ) {
    this.lastSent = fieldsKey(initial);
  }

  schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.saveNow(), this.deps.delayMs);
  }

  saveNow(): Promise<void> {
    this.chain = this.chain.then(() => this.save());
    return this.chain;
  }

  /** Stops saving (the order is being placed) and waits for a save in flight; gives the draft id. */
  async stop(): Promise<number | null> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
    return this.draftId;
  }

  resume(): void {
    this.stopped = false;
  }

  private async save(): Promise<void> {
    const body = this.deps.read();
    const key = fieldsKey(body);
    if (key === this.lastSent && !body.files?.length) return;
    this.deps.onStatus('saving');
    try {
      const draft =
        this.draftId === null ? await this.deps.create(body) : await this.deps.update(this.draftId, body);
      this.draftId = draft.id;
      this.lastSent = key;
      this.deps.onSaved(draft, body);
      this.deps.onStatus('saved');
    } catch {
      this.deps.onStatus('error');
    }
  }
}
