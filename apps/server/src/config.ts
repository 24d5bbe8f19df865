import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { hasWholeCents, percentToBasisPoints } from '@sherehe/shared/money';
import { SMS_PUBLIC_URL_MAX } from '@sherehe/shared/sms-text';
import { z } from 'zod';
import type { ObjectStoreSettings } from './storage/object-store';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const raw of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      try {
        origins.push(new URL(raw).origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${raw}" is not an origin like https://app.example.com` });
      }
    }
    return origins;
  });

// Chat socket limits, each a whole number of at least 1 (.env.example says what each counts).
const socketLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(fallback);
const socketLimitsEnv = {
  SOCKETS_PER_USER: socketLimit(10),
  SOCKET_EVENTS_PER_SOCKET: socketLimit(60),
  SOCKET_EVENTS_PER_USER: socketLimit(120),
  SOCKET_MESSAGES_PER_USER: socketLimit(10),
  SOCKET_LIMIT_WINDOW_SECONDS: socketLimit(10),
  SOCKET_SESSION_CHECK_SECONDS: socketLimit(30),
};
const socketLimitsOf = (e: { [K in keyof typeof socketLimitsEnv]: number }) => ({
  socketsPerUser: e.SOCKETS_PER_USER,
  eventsPerSocket: e.SOCKET_EVENTS_PER_SOCKET,
  eventsPerUser: e.SOCKET_EVENTS_PER_USER,
  messagesPerUser: e.SOCKET_MESSAGES_PER_USER,
  windowMs: e.SOCKET_LIMIT_WINDOW_SECONDS * 1000,
  sessionCheckMs: e.SOCKET_SESSION_CHECK_SECONDS * 1000,
});
export type SocketLimits = ReturnType<typeof socketLimitsOf>;
// ---- Abuse limits: rate limits and image work (docs/decisions/013-rate-limits.md) ----

/** A rate limit: at most `max` events per `windowMs` for one key. */
export interface Limit {
  max: number;
  windowMs: number;
}

const WINDOW_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A rate-limit setting written as events per window: `10/15m`, `300/1h`, `5/30s`. */
const limitSetting = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): Limit => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(value || fallback);
      const max = Number(match?.[1]);
      const windowMs = Number(match?.[2]) * (WINDOW_UNITS[match?.[3] ?? ''] ?? 0);
      if (!match || max < 1 || windowMs < 1000 || windowMs > 7 * 86_400_000) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be events per window, like 10/15m (s, m, h or d; at most 7d)',
        });
        return { max: 1, windowMs: 1000 };
      }
      return { max, windowMs };
    });

const limitsEnvShape = {
  RATE_LOGIN_PER_ADDRESS_ACCOUNT: limitSetting('10/15m'),
  RATE_LOGIN_PER_ACCOUNT: limitSetting('30/15m'),
  RATE_LOGIN_PER_ADDRESS: limitSetting('300/15m'),
  RATE_REGISTER_PER_ADDRESS: limitSetting('50/15m'),
  RATE_RESET_REQUEST_PER_ADDRESS: limitSetting('30/15m'),
  RATE_RESET_REQUEST_PER_ACCOUNT: limitSetting('5/1h'),
  RATE_RESET_PER_ADDRESS: limitSetting('30/15m'),
  RATE_TEST_EMAIL_PER_ADDRESS: limitSetting('20/1h'),
  RATE_TEST_EMAIL_PER_RECIPIENT: limitSetting('3/1h'),
  RATE_CONTACT_PER_ACCOUNT: limitSetting('5/1h'),
  RATE_PAYMENTS_PER_ACCOUNT: limitSetting('20/1h'),
  RATE_MPESA_PROMPTS_PER_PHONE: limitSetting('3/10m'),
  RATE_PAYMENT_CALLBACKS_FORGED_PER_ADDRESS: limitSetting('30/15m'),
  RATE_UPLOADS_PER_USER: limitSetting('30/1h'),
  RATE_ATTACHMENTS_PER_USER: limitSetting('100/1h'),
  IMAGE_MAX_MEGAPIXELS: z.coerce
    .number({ error: 'must be a number of megapixels' })
    .min(1, 'must be 1 to 268 megapixels')
    .max(268, 'must be 1 to 268 megapixels')
    .default(25),
  IMAGE_ENCODES_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1, 'must be 1 to 16')
    .max(16, 'must be 1 to 16')
    .default(1),
  IMAGE_ENCODE_QUEUE: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 to 1000')
    .max(1000, 'must be 0 to 1000')
    .default(32),
};

const limitsEnvSchema = z.object(limitsEnvShape);

function limitsOf(e: z.output<typeof limitsEnvSchema>) {
  return {
    loginPerAddressAccount: e.RATE_LOGIN_PER_ADDRESS_ACCOUNT,
    loginPerAccount: e.RATE_LOGIN_PER_ACCOUNT,
    loginPerAddress: e.RATE_LOGIN_PER_ADDRESS,
    registerPerAddress: e.RATE_REGISTER_PER_ADDRESS,
    resetRequestPerAddress: e.RATE_RESET_REQUEST_PER_ADDRESS,
    resetRequestPerAccount: e.RATE_RESET_REQUEST_PER_ACCOUNT,
    resetPerAddress: e.RATE_RESET_PER_ADDRESS,
    testEmailPerAddress: e.RATE_TEST_EMAIL_PER_ADDRESS,
    testEmailPerRecipient: e.RATE_TEST_EMAIL_PER_RECIPIENT,
    contactPerAccount: e.RATE_CONTACT_PER_ACCOUNT,
    paymentsPerAccount: e.RATE_PAYMENTS_PER_ACCOUNT,
    /** M-Pesa PIN prompts to one phone number, whoever asks for them. */
    mpesaPromptsPerPhone: e.RATE_MPESA_PROMPTS_PER_PHONE,
    /** Refused provider callbacks (forged, not understood) from one address; authentic ones are never counted. */
    paymentCallbacksForgedPerAddress: e.RATE_PAYMENT_CALLBACKS_FORGED_PER_ADDRESS,
    uploadsPerUser: e.RATE_UPLOADS_PER_USER,
    /** Chat files uploaded by one user (docs/chat-and-files.md#files-in-chat). */
    attachmentsPerUser: e.RATE_ATTACHMENTS_PER_USER,
    /** Images with more pixels are refused before they are decoded. */
    imageMaxPixels: Math.round(e.IMAGE_MAX_MEGAPIXELS * 1_000_000),
    /** Image encodes run at once in this process; up to `imageEncodeQueue` more wait their turn. */
    imageEncodesAtOnce: e.IMAGE_ENCODES_AT_ONCE,
    imageEncodeQueue: e.IMAGE_ENCODE_QUEUE,
  };
}

export type LimitsConfig = ReturnType<typeof limitsOf>;

// ---- end of abuse limits ----

// ---- Payments: providers, simulator, fees (docs/decisions/014-payment-providers.md) ----

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const paymentsEnvShape = {
  PAYMENTS_MODE: z.enum(['live', 'simulator', 'off'], { error: 'must be live, simulator or off' }).optional(),
  DARAJA_BASE_URL: z.url({ error: 'must be a URL like https://api.safaricom.co.ke' }).optional(),
  DARAJA_CONSUMER_KEY: optionalText,
  DARAJA_CONSUMER_SECRET: optionalText,
  DARAJA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be the paybill or till number (5 to 7 digits)')
    .optional(),
  DARAJA_PASSKEY: optionalText,
  DARAJA_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (it is part of an address)')
    .optional(),
  DARAJA_INITIATOR_NAME: optionalText,
  DARAJA_SECURITY_CREDENTIAL: optionalText,
  PAYSTACK_BASE_URL: z.url({ error: 'must be a URL like https://api.paystack.co' }).optional(),
  PAYSTACK_SECRET_KEY: optionalText,
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be 0 to 100')
    .max(100, 'must be 0 to 100')
    .refine(hasWholeCents, 'must have at most two decimals')
    .default(10),
  PLAN_KES_PER_USD: z.coerce
    .number({ error: 'must be a whole number of shillings' })
    .int('must be a whole number of shillings')
    .min(1, 'must be 1 to 10000')
    .max(10_000, 'must be 1 to 10000')
    .default(130),
  MPESA_MAX_AMOUNT: z.coerce
    .number({ error: 'must be a whole number of shillings' })
    .int('must be a whole number of shillings')
    .min(1, 'must be at least 1')
    .default(250_000),
  SIM_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
};

export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** The secret last segment of the callback address Daraja posts results to. */
  callbackSecret: string;
  /** The API operator and its encrypted password, for reversals (refunds); without them M-Pesa cannot refund. */
  initiatorName: string | undefined;
  securityCredential: string | undefined;
}
export interface PaystackSettings {
  baseUrl: string;
  secretKey: string;
}
export interface PaymentsConfig {
  mode: 'live' | 'simulator' | 'off';
  /** M-Pesa by STK push; undefined when payments are off, or live without the Daraja settings. */
  mpesa: DarajaSettings | undefined;
  /** Cards through Paystack's checkout; undefined when off, or live without PAYSTACK_SECRET_KEY. */
  card: PaystackSettings | undefined;
  /** PLATFORM_FEE_PERCENT in hundredths of a percent (10 % → 1000), so fee sums stay in integers. */
  platformFeeBasisPoints: number;
  planKesPerUsd: number;
  /** MPESA_MAX_AMOUNT: the most M-Pesa takes in one payment, Ksh; a larger amount is never sent to Daraja. */
  mpesaMaxAmount: number;
  simCallbackDelayMs: number;
}

const DARAJA_LIVE_SETTINGS = [
  'DARAJA_CONSUMER_KEY',
  'DARAJA_CONSUMER_SECRET',
  'DARAJA_SHORTCODE',
  'DARAJA_PASSKEY',
  'DARAJA_CALLBACK_SECRET',
] as const;

/**
 * Live mode uses the providers whose settings are all given (a half-configured one is an error, and
 * so is neither); the simulator makes up what is missing, since it checks the clients against the
 * same values; production never runs the simulator (it would take pretend payments), and without
 * PAYMENTS_MODE it runs only at a PUBLIC_URL on this machine (as demo data does); elsewhere payments are off.
 */
function paymentsOf(
  e: z.output<z.ZodObject<typeof paymentsEnvShape>>,
  isProduction: boolean,
  publicUrl: string,
): PaymentsConfig {
  // Anyone who reaches the simulator can "pay" with it: unasked, it runs only where demo data may.
  const mode = e.PAYMENTS_MODE ?? (!isProduction && isLoopbackUrl(publicUrl) ? 'simulator' : 'off');
  const common = {
    mode,
    platformFeeBasisPoints: percentToBasisPoints(e.PLATFORM_FEE_PERCENT),
    planKesPerUsd: e.PLAN_KES_PER_USD,
    mpesaMaxAmount: e.MPESA_MAX_AMOUNT,
    simCallbackDelayMs: e.SIM_CALLBACK_DELAY_MS,
  };
  if (mode === 'off') return { ...common, mpesa: undefined, card: undefined };
  if (mode === 'simulator') {
    if (isProduction)
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENTS_MODE: simulator is refused in production (it takes pretend payments); use live with the Daraja and Paystack settings, or off',
      );
    const made = () => randomBytes(24).toString('base64url');
    return {
      ...common,
      mpesa: {
        baseUrl: e.DARAJA_BASE_URL ?? `${publicUrl}/__sim/daraja`,
        consumerKey: e.DARAJA_CONSUMER_KEY ?? made(),
        consumerSecret: e.DARAJA_CONSUMER_SECRET ?? made(),
        shortcode: e.DARAJA_SHORTCODE ?? '174379',
        passkey: e.DARAJA_PASSKEY ?? made(),
        callbackSecret: e.DARAJA_CALLBACK_SECRET ?? made(),
        initiatorName: e.DARAJA_INITIATOR_NAME ?? 'sherehe-simulator',
        securityCredential: e.DARAJA_SECURITY_CREDENTIAL ?? made(),
      },
      card: {
        baseUrl: e.PAYSTACK_BASE_URL ?? `${publicUrl}/__sim/paystack`,
        secretKey: e.PAYSTACK_SECRET_KEY ?? `sk_test_${made()}`,
      },
    };
  }
  const darajaGiven = DARAJA_LIVE_SETTINGS.filter((name) => e[name] !== undefined);
  if (darajaGiven.length > 0 && darajaGiven.length < DARAJA_LIVE_SETTINGS.length) {
    const missing = DARAJA_LIVE_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENTS_MODE=live for M-Pesa also needs ${missing.join(', ')}`,
    );
  }
  if (darajaGiven.length === 0 && !e.PAYSTACK_SECRET_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENTS_MODE=live needs the M-Pesa settings (${DARAJA_LIVE_SETTINGS.join(', ')}), PAYSTACK_SECRET_KEY, or both`,
    );
  if ((e.DARAJA_INITIATOR_NAME === undefined) !== (e.DARAJA_SECURITY_CREDENTIAL === undefined))
    throw new ConfigError(
      'Invalid configuration:\n  DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL must be set together',
    );
  return {
    ...common,
    mpesa:
      darajaGiven.length > 0
        ? {
            baseUrl: e.DARAJA_BASE_URL ?? 'https://api.safaricom.co.ke',
            consumerKey: e.DARAJA_CONSUMER_KEY!,
            consumerSecret: e.DARAJA_CONSUMER_SECRET!,
            shortcode: e.DARAJA_SHORTCODE!,
            passkey: e.DARAJA_PASSKEY!,
            callbackSecret: e.DARAJA_CALLBACK_SECRET!,
            initiatorName: e.DARAJA_INITIATOR_NAME,
            securityCredential: e.DARAJA_SECURITY_CREDENTIAL,
          }
        : undefined,
    card: e.PAYSTACK_SECRET_KEY
      ? { baseUrl: e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co', secretKey: e.PAYSTACK_SECRET_KEY }
      : undefined,
  };
}

// ---- end of payments ----

// ---- SMS through Africa's Talking (docs/decisions/026-sms-through-africas-talking.md) ----

const smsEnvShape = {
  SMS_MODE: z.enum(['live', 'simulator', 'off'], { error: 'must be live, simulator or off' }).optional(),
  AT_BASE_URL: z.url({ error: 'must be a URL like https://api.africastalking.com' }).optional(),
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9 ]{1,11}$/,
      'must be the sender name or shortcode Africa’s Talking gave (1 to 11 letters or digits)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AT_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (it is part of an address)')
    .optional(),
  SMS_QUIET_HOURS: z
    .string()
    .trim()
    .default('21:00-07:00')
    .transform((value, ctx): QuietHours | undefined => {
      if (value.toLowerCase() === 'off') return undefined;
      const match = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
      const start = match ? Number(match[1]) * 60 + Number(match[2]) : 0;
      const end = match ? Number(match[3]) * 60 + Number(match[4]) : 0;
      if (!match || start === end) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be HH:MM-HH:MM on Nairobi clocks (like 21:00-07:00, two different times) or off',
        });
        return z.NEVER;
      }
      return { startMinute: start, endMinute: end };
    }),
};

/** Hours without SMS, on Nairobi clocks, as minutes after midnight; the end may be on the next day. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

export interface AfricasTalkingSettings {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The sender name or shortcode messages come from; undefined: Africa's Talking's default. */
  senderId: string | undefined;
  /** The secret last segment of the delivery-report and inbound addresses set in Africa's Talking's dashboard. */
  callbackSecret: string;
}
export interface SmsConfig {
  mode: 'live' | 'simulator' | 'off';
  /** undefined when SMS is off. */
  africasTalking: AfricasTalkingSettings | undefined;
  /** How long after a send the simulator posts its delivery report (SIM_CALLBACK_DELAY_MS). */
  simDeliveryDelayMs: number;
  /** When no SMS goes but verification codes and payment confirmations (SMS_QUIET_HOURS); undefined: off. */
  quietHours: QuietHours | undefined;
}

const AT_LIVE_SETTINGS = ['AT_USERNAME', 'AT_API_KEY', 'AT_CALLBACK_SECRET'] as const;

/**
 * SMS follows the payments' rule: the simulator runs unasked only where the payment simulator does
 * (outside production, at a PUBLIC_URL on this machine), is refused in production, and makes up the
 * settings it lacks; live mode needs the username, the API key and the callback secret.
 */
function smsOf(
  e: z.output<z.ZodObject<typeof smsEnvShape>> & { SIM_CALLBACK_DELAY_MS: number },
  isProduction: boolean,
  publicUrl: string,
): SmsConfig {
  const mode = e.SMS_MODE ?? (!isProduction && isLoopbackUrl(publicUrl) ? 'simulator' : 'off');
  const common = { mode, simDeliveryDelayMs: e.SIM_CALLBACK_DELAY_MS, quietHours: e.SMS_QUIET_HOURS };
  if (mode === 'off') return { ...common, africasTalking: undefined };
  if (publicUrl.replace(/\/+$/, '').length > SMS_PUBLIC_URL_MAX)
    throw new ConfigError(
      `Invalid configuration:\n  PUBLIC_URL: at most ${SMS_PUBLIC_URL_MAX} characters while SMS is on (SMS_MODE=${mode}): every SMS carries a link to it in 160 characters`,
    );
  if (mode === 'simulator') {
    if (isProduction)
      throw new ConfigError(
        'Invalid configuration:\n  SMS_MODE: simulator is refused in production (it sends nothing to anyone); use live with the AT_* settings, or off',
      );
    const made = () => randomBytes(24).toString('base64url');
    return {
      ...common,
      africasTalking: {
        baseUrl: e.AT_BASE_URL ?? `${publicUrl}/__sim/sms`,
        username: e.AT_USERNAME ?? 'sandbox',
        apiKey: e.AT_API_KEY ?? made(),
        senderId: e.AT_SENDER_ID,
        callbackSecret: e.AT_CALLBACK_SECRET ?? made(),
      },
    };
  }
  const missing = AT_LIVE_SETTINGS.filter((name) => e[name] === undefined);
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  SMS_MODE=live also needs ${missing.join(', ')}`);
  return {
    ...common,
    africasTalking: {
      baseUrl: e.AT_BASE_URL ?? 'https://api.africastalking.com',
      username: e.AT_USERNAME!,
      apiKey: e.AT_API_KEY!,
      senderId: e.AT_SENDER_ID,
      callbackSecret: e.AT_CALLBACK_SECRET!,
    },
  };
}

// ---- end of SMS ----

// ---- Object storage (docs/decisions/018-object-storage.md) ----

const objectStorageEnvShape = {
  S3_ENDPOINT: z
    .url({ error: 'must be a URL like https://s3.eu-west-1.amazonaws.com' })
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lowercase letters, digits, . or -)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  S3_PUBLIC_URL: z
    .url({ error: 'must be a URL like https://cdn.sherehe.co.ke' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Uploads go to the bucket when its four settings are all given, to DATA_DIR when none is; any
 * S3_* setting without the four is refused, so a typo cannot quietly keep files on one machine's disk.
 */
function objectStorageOf(
  e: z.output<z.ZodObject<typeof objectStorageEnvShape>>,
): ObjectStoreSettings | undefined {
  const given = (Object.keys(objectStorageEnvShape) as Array<keyof typeof e>).filter(
    (name) => e[name] !== undefined,
  );
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n  object storage needs ${S3_REQUIRED.join(', ')} together; missing ${missing.join(', ')} (given: ${given.join(', ')}). Set them all, or none to keep uploads in DATA_DIR`,
    );
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION ?? 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

// ---- end of object storage ----

// ---- Backups (docs/operations.md#backups) ----

const backupEnvShape = {
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of archives' })
    .int('must be a whole number of archives')
    .min(1, 'must be 1 to 1000')
    .max(1000, 'must be 1 to 1000')
    .default(7),
  BACKUP_NIGHTLY: booleanFlag.optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, UTC, like 00:30')
    .default('00:30'),
};

export interface BackupSettings {
  /** Where archives are written (BACKUP_DIR, default DATA_DIR/backups). */
  dir: string;
  /** How many archives the nightly job keeps (the newest). */
  keep: number;
  /** Whether the server takes a backup every night (default: yes, except NODE_ENV=test). */
  nightly: boolean;
  /** When, UTC, as minutes after midnight. */
  minuteOfDay: number;
}

function backupOf(
  e: z.output<z.ZodObject<typeof backupEnvShape>>,
  dataDir: string,
  nodeEnv: string,
): BackupSettings {
  const [hours, minutes] = e.BACKUP_TIME.split(':').map(Number);
  return {
    dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    keep: e.BACKUP_KEEP,
    nightly: e.BACKUP_NIGHTLY ?? nodeEnv !== 'test',
    minuteOfDay: (hours ?? 0) * 60 + (minutes ?? 0),
  };
}

// ---- end of backups ----

// ---- Metrics (docs/metrics.md) ----

const metricsEnvShape = {
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, 'must be a port number (0 to 65535)')
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .refine((port) => port === undefined || port <= 65535, 'must be a port number (0 to 65535)'),
  METRICS_HOST: z
    .string()
    .trim()
    .regex(/^[^\s/:]+$|^[0-9a-fA-F:]+$/, 'must be an address to listen on, like 127.0.0.1')
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

export interface MetricsConfig {
  /** The address `/metrics` is answered on, apart from the app's own (127.0.0.1 unless METRICS_HOST says). */
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

/** Metrics are off unless METRICS_PORT is set; they never share the app's port. */
function metricsOf(
  e: z.output<z.ZodObject<typeof metricsEnvShape>> & { PORT: number },
): MetricsConfig | undefined {
  if (e.METRICS_PORT === undefined) {
    if (e.METRICS_HOST !== undefined)
      throw new ConfigError(
        'Invalid configuration:\n  METRICS_HOST is set but METRICS_PORT is not: metrics are off unless METRICS_PORT is set (9464 is usual)',
      );
    return undefined;
  }
  if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the public port never answers /metrics)',
    );
  return { host: e.METRICS_HOST ?? '127.0.0.1', port: e.METRICS_PORT };
}

// ---- end of metrics ----

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url({ error: 'must be a URL like https://sherehe.co.ke' }).optional(),
  CORS_ORIGINS: originList,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Sherehe <no-reply@sherehe.local>'),
  SEED_DEMO: booleanFlag.optional(),
  ADMIN_EMAIL: z
    .email({ error: 'must be an email address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): boolean | string[] => {
      if (value === undefined || value === '' || value === 'false') return false;
      if (value === 'true') return true;
      // Fastify ignores a bare hop count (it cannot tell a proxy from a client that sends its own
      // X-Forwarded-For), which would quietly give every client the proxy's address: refused.
      if (/^\d+$/.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message: "must name the proxies' addresses (e.g. 10.0.0.5, or 10.0.0.0/8), not a hop count",
        });
        return false;
      }
      const list = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (list.length === 0)
        ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or addresses' });
      return list;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }).default('auto'),
  ...socketLimitsEnv,
  WEB_DIST: z.string().optional(),
  READ_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 (off) to 60')
    .max(60, 'must be 0 (off) to 60')
    .optional(),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 (off) to 60')
    .max(60, 'must be 0 (off) to 60')
    .optional(),
  STORED_PAGES: booleanFlag.optional(),
  STORED_PAGES_FILL: booleanFlag.optional(),
  // The job queue (jobs/job-queue.ts).
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  JOBS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  ...limitsEnvShape,
  ...paymentsEnvShape,
  ...smsEnvShape,
  /** The key phone verification codes are hashed with (docs/notifications.md#verified-phones). */
  PHONE_CODE_SECRET: optionalText,
  ...objectStorageEnvShape,
  ...backupEnvShape,
  ...metricsEnvShape,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** pretty (for a person), json (for a collector), or auto: pretty at a terminal outside production. */
  logFormat: 'auto' | 'pretty' | 'json';
  socketLimits: SocketLimits;
  /** Whether X-Forwarded-For is believed (behind a load balancer); client IPs feed rate limits. */
  trustProxy: boolean | string[];
  /** Folder of the built web app; absent in API-only test runs. */
  webDist: string | undefined;
  /**
   * How long public reads (catalogue answers, guests' rendered pages) are kept, 0 for never
   * (docs/decisions/010). Off by default in tests, which also write straight to the database.
   */
  readCacheMs: number;
  /** How long a process keeps a signed-in session it read (0: never; modules/sessions/session-cache.ts). */
  sessionCacheMs: number;
  /**
   * Whether guests' package pages, planner profiles and first browse pages are answered from a
   * stored rendering (docs/decisions/023). Off by default in tests, which also write straight to
   * the database.
   */
  storedPages: boolean;
  /**
   * Whether the pages not stored yet (every listed package's page, its planner's profile, each
   * category's first browse page) are rendered ahead by a throttled job (docs/decisions/023). On
   * by default when NODE_ENV=production.
   */
  storedPagesFill: boolean;
  /** The job queue's timing (jobs/job-queue.ts). */
  jobs: { pollMs: number; retryBaseMs: number; retryMaxMs: number; leaseMs: number; concurrency: number };
  /** Rate limits and image work (docs/decisions/013-rate-limits.md). */
  limits: LimitsConfig;
  /** Payment providers, the simulator and the platform's fee (docs/decisions/014-payment-providers.md). */
  payments: PaymentsConfig;
  /** Text messages through Africa's Talking, its simulator, or none (docs/notifications.md#sms). */
  sms: SmsConfig;
  /**
   * The key phone verification codes are hashed with: PHONE_CODE_SECRET, else AT_API_KEY (set in
   * live mode, the same on every process), else a fixed key for development and tests.
   */
  phoneCodeSecret: string;
  /** The S3-compatible bucket uploads go to; undefined: DATA_DIR (docs/decisions/018-object-storage.md). */
  objectStorage: ObjectStoreSettings | undefined;
  /** Backups: where, how many, and the nightly job (docs/operations.md#backups). */
  backup: BackupSettings;
  /** Where Prometheus reads `/metrics`; undefined: off (docs/metrics.md). */
  metrics: MetricsConfig | undefined;
}

export class ConfigError extends Error {}

/**
 * Whether an address is this machine's own (localhost, 127.0.0.0/8, ::1): only there may demo data
 * with its published passwords be seeded without being asked for.
 */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Demo accounts have passwords printed in the README: by default only on a developer's machine.
    seedDemo: e.SEED_DEMO ?? (!isProduction && isLoopbackUrl(publicUrl)),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    socketLimits: socketLimitsOf(e),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    readCacheMs: (e.READ_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    sessionCacheMs: (e.SESSION_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    storedPages: e.STORED_PAGES ?? e.NODE_ENV !== 'test',
    storedPagesFill: e.STORED_PAGES_FILL ?? e.NODE_ENV === 'production',
    jobs: {
      pollMs: e.JOBS_POLL_MS,
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
      retryMaxMs: e.JOBS_RETRY_MAX_MS,
      leaseMs: e.JOBS_LEASE_MS,
      concurrency: e.JOBS_CONCURRENCY,
    },
    limits: limitsOf(e),
    payments: paymentsOf(e, isProduction, publicUrl),
    sms: smsOf(e, isProduction, publicUrl),
    phoneCodeSecret: e.PHONE_CODE_SECRET ?? e.AT_API_KEY ?? 'sherehe-development-phone-codes',
    objectStorage: objectStorageOf(e),
    backup: backupOf(e, path.resolve(e.DATA_DIR), e.NODE_ENV),
    metrics: metricsOf(e),
  };
}
