/** An error that carries what the user may read apart from what the operator's log should say. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly userMessage: string;
  readonly fields?: Record<string, string>;

  constructor(options: {
    code: string;
    status: number;
    userMessage: string;
    logMessage?: string;
    fields?: Record<string, string>;
    cause?: unknown;
  }) {
    super(options.logMessage ?? options.userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.code = options.code;
    this.status = options.status;
    this.userMessage = options.userMessage;
    this.fields = options.fields;
  }
}
