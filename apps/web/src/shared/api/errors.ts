import { apiMessages } from './messages';

/** Why a call failed: an HTTP answer, no answer at all, a cancelled request, or an answer we cannot use. */
export type ApiErrorKind = 'http' | 'no-response' | 'cancelled' | 'bad-response';

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly detail?: string;
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;
  readonly kind: ApiErrorKind;

  constructor(init: {
    message: string;
    status: number;
    kind: ApiErrorKind;
    body?: unknown;
    detail?: string;
    fieldErrors?: Record<string, string[]>;
  }) {
    super(init.message);
    this.status = init.status;
    this.kind = init.kind;
    this.body = init.body;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? {};
  }

  static noResponse(): ApiError {
    return new ApiError({ message: apiMessages.noResponse, status: 0, kind: 'no-response' });
  }

  static cancelled(reason: unknown): ApiError {
    return new ApiError({
      message: apiMessages.cancelled(describeReason(reason)),
      status: 0,
      kind: 'cancelled',
    });
  }

  /** Builds the error for an HTTP answer from its parsed body (`{detail, errors}` or `{field: [..]}`). */
  static fromResponse(status: number, body: unknown): ApiError {
    const detail = readDetail(body);
    return new ApiError({
      message: detail ?? apiMessages.httpStatus(status),
      status,
      kind: 'http',
      body,
      detail,
      fieldErrors: readFieldErrors(body),
    });
  }
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (reason === undefined) return 'без причины';
  return String(reason);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function readDetail(body: unknown): string | undefined {
  return isRecord(body) && typeof body.detail === 'string' && body.detail ? body.detail : undefined;
}

/**
 * Field errors come as `{errors: {field: [..]}}`, except the social token error,
 * which is `{token: [..]}` at the top level; both end up in one map.
 */
function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isRecord(body)) return {};
  const result: Record<string, string[]> = {};
  const sources = isRecord(body.errors) ? [body.errors, body] : [body];
  for (const source of sources) {
    for (const [field, messages] of Object.entries(source)) {
      if (isStringArray(messages) && !(field in result)) result[field] = messages;
    }
  }
  return result;
}
