/**
 * Request validation with zod, field by field like Django REST framework's
 * serializers and django-filter's filter sets: each field is a zod schema
 * whose issues carry DRF's error code (`params.code`) and Russian message,
 * so a failed validation becomes `{code, detail, attr}` entries in field order.
 */
import { imageSize } from "image-size";
import { z } from "zod";

import { fieldError, MSG, validationError, type ErrorItem } from "./errors.js";
import { parseDateTime, parseDay } from "./time.js";

interface Issue {
  code: string;
  detail: string;
}
type Outcome<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = <T>(code: string, detail: string): Outcome<T> => ({
  ok: false,
  issues: [{ code, detail }],
});

/** A zod schema from a DRF-like field function. */
function field<T>(run: (value: unknown) => Outcome<T>): z.ZodType<T> {
  return z.unknown().transform((value, ctx): T => {
    const outcome = run(value);
    if (outcome.ok) return outcome.value;
    for (const issue of outcome.issues) {
      ctx.addIssue({ code: "custom", message: issue.detail, params: { code: issue.code } });
    }
    return z.NEVER;
  }) as unknown as z.ZodType<T>;
}

/** Python's name of a JSON value's type, for DRF's messages. */
export function pythonType(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (value instanceof UploadedFile) return "InMemoryUploadedFile";
  return "dict";
}

const codePoints = (value: string) => [...value].length;

/** Missing (`undefined`) and null handling shared by every field. */
function empty<T>(
  value: unknown,
  required: boolean,
  allowNull: boolean,
  requiredMessage: string = MSG.required,
): Outcome<T | undefined | null> | null {
  if (value === undefined) return required ? fail("required", requiredMessage) : ok(undefined);
  if (value === null) return allowNull ? ok(null) : fail("null", MSG.null);
  return null;
}

interface CharOptions {
  minLength?: number;
  maxLength?: number;
  allowBlank?: boolean;
  trim?: boolean;
}

/** DRF CharField: numbers are accepted as text, whitespace trimmed, blank refused unless allowed. */
function toText(value: unknown, options: CharOptions): Outcome<string> {
  if (typeof value === "boolean" || !(typeof value === "string" || typeof value === "number")) {
    return fail("invalid", MSG.notAString);
  }
  let text = String(value);
  if (options.trim !== false) text = text.trim();
  if (text === "") return options.allowBlank ? ok("") : fail("blank", MSG.blank);
  const issues: Issue[] = [];
  if (options.maxLength !== undefined && codePoints(text) > options.maxLength) {
    issues.push({ code: "max_length", detail: MSG.maxLength(options.maxLength) });
  }
  if (options.minLength !== undefined && codePoints(text) < options.minLength) {
    issues.push({ code: "min_length", detail: MSG.minLength(options.minLength) });
  }
  if (text.includes("\0"))
    issues.push({ code: "null_characters_not_allowed", detail: MSG.nullCharacters });
  return issues.length ? { ok: false, issues } : ok(text);
}

/** DRF CharField, required. */
export function charField(options: CharOptions = {}): z.ZodType<string> {
  return field((value) => {
    const early = empty<string>(value, true, false);
    if (early) return early as Outcome<string>;
    return toText(value, options);
  });
}

/** DRF CharField, optional (absent means unchanged / default). */
export function optionalCharField(options: CharOptions = {}): z.ZodType<string | undefined> {
  return field((value) => {
    const early = empty<string>(value, false, false);
    if (early) return early as Outcome<string | undefined>;
    return toText(value, options);
  });
}

/** A password: never trimmed; with `minLength`, Django's MinimumLengthValidator (code `password_too_short`). */
export function passwordField(options: { minLength?: number } = {}): z.ZodType<string> {
  return field((value) => {
    const early = empty<string>(value, true, false);
    if (early) return early as Outcome<string>;
    const text = toText(value, { trim: false });
    if (!text.ok) return text;
    if (options.minLength !== undefined && codePoints(text.value) < options.minLength) {
      return fail("password_too_short", MSG.passwordTooShort);
    }
    return text;
  });
}

export function optionalPasswordField(
  options: { minLength?: number } = {},
): z.ZodType<string | undefined> {
  const inner = passwordField(options);
  return field((value) => {
    if (value === undefined) return ok(undefined);
    const result = inner.safeParse(value);
    if (result.success) return ok(result.data);
    return { ok: false, issues: issuesOf(result.error) };
  });
}

// Django's EmailValidator (its quoted local part allows control characters).
const EMAIL_USER =
  // eslint-disable-next-line no-control-regex
  /^([-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$|^"([\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0d-\x7f])*"$)/i;
const EMAIL_DOMAIN = /^((?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+)(?:[A-Z0-9-]{2,63}(?<!-))$/i;
const EMAIL_LITERAL = /^\[([A-F0-9:.]+)\]$/i;

export function isValidEmail(value: string): boolean {
  if (!value || !value.includes("@") || value.length > 320) return false;
  const at = value.lastIndexOf("@");
  const user = value.slice(0, at);
  let domain = value.slice(at + 1);
  if (!EMAIL_USER.test(user)) return false;
  if (domain === "localhost" || EMAIL_LITERAL.test(domain)) return true;
  try {
    // IDN domains are checked in their ASCII (punycode) form, as Django does.
    domain = new URL(`http://${domain}`).hostname;
  } catch {
    return false;
  }
  return EMAIL_DOMAIN.test(domain);
}

/** DRF EmailField (Django's validator), stored and compared lowercased. */
export function emailField(): z.ZodType<string> {
  return field((value) => {
    const early = empty<string>(value, true, false);
    if (early) return early as Outcome<string>;
    const text = toText(value, { maxLength: 254 });
    if (!text.ok) {
      if (
        text.issues.some((issue) => issue.code === "max_length") &&
        !isValidEmail(String(value).trim())
      ) {
        return fail("invalid", MSG.email);
      }
      return text;
    }
    if (!isValidEmail(text.value)) return fail("invalid", MSG.email);
    return ok(text.value.toLowerCase());
  });
}

export function optionalEmailField(): z.ZodType<string | undefined> {
  const inner = emailField();
  return field((value) => {
    if (value === undefined) return ok(undefined);
    const result = inner.safeParse(value);
    return result.success ? ok(result.data) : { ok: false, issues: issuesOf(result.error) };
  });
}

const NAME = { minLength: 2, maxLength: 120 } as const;

/** A person's name: 2 to 120 characters. */
export const nameField = () => charField(NAME);
export const optionalNameField = () => optionalCharField(NAME);
/** The middle name: may be blank (stored as ""), else 2 to 120 characters. */
export const middleNameField = () => optionalCharField({ ...NAME, allowBlank: true });

/** Phone: 11 digits starting with 7, or null; an empty value is stored as null. */
export function phoneField(): z.ZodType<string | null | undefined> {
  return field((value) => {
    const early = empty<string>(value, false, true);
    if (early) return early;
    const text = toText(value, { allowBlank: true, maxLength: 11 });
    if (!text.ok) {
      if (text.issues.some((issue) => issue.code === "max_length"))
        return fail("invalid", MSG.phone);
      return text;
    }
    if (text.value === "") return ok(null);
    if (!/^7\d{10}$/.test(text.value)) return fail("invalid", MSG.phone);
    return ok(text.value);
  });
}

/** DRF IntegerField: ints, integral floats and numeric strings ("12", "12.0"). */
function toInteger(value: unknown): number | null {
  if (typeof value === "boolean") return null;
  if (typeof value === "number")
    return Number.isInteger(value) && Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string" || value.length > 1000) return null;
  const text = value.replace(/\.0*\s*$/, "").trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const parsed = Number(text);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

export function integerField(): z.ZodType<number> {
  return field((value) => {
    const early = empty<number>(value, true, false);
    if (early) return early as Outcome<number>;
    const parsed = toInteger(value);
    return parsed === null ? fail("invalid", MSG.integer) : ok(parsed);
  });
}

const TRUE_VALUES = new Set<unknown>([
  "t",
  "T",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "true",
  "True",
  "TRUE",
  "on",
  "On",
  "ON",
  "1",
  1,
  true,
]);
const FALSE_VALUES = new Set<unknown>([
  "f",
  "F",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "false",
  "False",
  "FALSE",
  "off",
  "Off",
  "OFF",
  "0",
  0,
  false,
]);

/** DRF BooleanField; optional (model default), absent means unchanged/default. */
export function booleanField(): z.ZodType<boolean | undefined> {
  return field((value) => {
    const early = empty<boolean>(value, false, false);
    if (early) return early as Outcome<boolean | undefined>;
    if (TRUE_VALUES.has(value)) return ok(true);
    if (FALSE_VALUES.has(value)) return ok(false);
    return fail("invalid", MSG.boolean);
  });
}

/** DRF PrimaryKeyRelatedField over integer keys, checked by `exists`. */
export function primaryKeyField(
  exists: (id: number) => boolean,
  options: { required?: boolean } = {},
): z.ZodType<number | undefined> {
  return field((value) => {
    const early = empty<number>(value, options.required !== false, false);
    if (early) return early as Outcome<number | undefined>;
    if (typeof value === "boolean" || typeof value === "object") {
      return fail("incorrect_type", MSG.pkIncorrectType(pythonType(value)));
    }
    const id = toInteger(value);
    if (id === null) return fail("incorrect_type", MSG.pkIncorrectType(pythonType(value)));
    if (!exists(id)) return fail("does_not_exist", MSG.pkDoesNotExist(String(value)));
    return ok(id);
  });
}

export interface UploadedImage {
  bytes: Buffer;
  extension: "jpg" | "png" | "webp" | "gif";
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES = new Set<string>(["jpg", "png", "webp", "gif"]);

/**
 * The image type when the bytes really are a JPEG, PNG, WebP or GIF with
 * readable dimensions (image-size reads the headers, not the name). Django's
 * ImageField opens every upload with Pillow, so a file that only starts like
 * an image is refused there, and must be here.
 */
export function detectImage(bytes: Buffer): UploadedImage["extension"] | null {
  try {
    // A copy that owns its memory: image-size reads through the view's whole ArrayBuffer, which for
    // a small Buffer is Node's shared pool, so a truncated header could borrow another's bytes.
    const { type, width, height } = imageSize(new Uint8Array(bytes));
    if (type && IMAGE_TYPES.has(type) && width > 0 && height > 0)
      return type as UploadedImage["extension"];
  } catch {
    // not an image it can read
  }
  return null;
}

/**
 * The extensions Django's `validate_image_file_extension` allows: Pillow's
 * registered ones (Pillow 12 with AVIF, as an upload leaves them listed: the
 * plugins an image's opening loads first).
 */
export const PILLOW_EXTENSIONS = [
  ...["bmp", "dib", "gif", "tif", "tiff", "jfif", "jpe", "jpg", "jpeg", "pbm", "pgm", "ppm"],
  ...["pnm", "pfm", "png", "apng", "avif", "avifs", "blp", "bufr", "cur", "pcx", "dcx", "dds"],
  ...["ps", "eps", "fit", "fits", "fli", "flc", "fpx", "ftc", "ftu", "gbr", "grib", "h5", "hdf"],
  ...["jp2", "j2k", "jpc", "jpf", "jpx", "j2c", "icns", "ico", "im", "iim", "mic", "mpg", "mpeg"],
  ...["mpo", "msp", "palm", "pcd", "pdf", "pxr", "psd", "qoi", "bw", "rgb", "rgba", "sgi", "ras"],
  ...["tga", "icb", "vda", "vst", "webp", "wmf", "emf", "xbm", "xpm"],
] as const;
const ALLOWED_EXTENSIONS = new Set<string>(PILLOW_EXTENSIONS);

/**
 * A file name's extension as Django's FileExtensionValidator reads it:
 * Python's `Path(name).suffix` without its dot, lowercased. A dot that starts
 * the name or ends it starts no extension (`IMG_0412`, `.jpg` and `photo.`
 * have none); `photo.jpg_large` has `jpg_large`.
 */
export function fileExtension(name: string): string {
  const base = name.replace(/^.*[/\\]/, "");
  const dot = base.lastIndexOf(".");
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : "";
}

/**
 * DRF ImageField on an uploaded file (already read into memory by the
 * body parser): `invalid_image` for anything but JPEG/PNG/WebP/GIF; then the
 * model field's validators, each adding its entry: `invalid_extension` for a
 * name whose extension Pillow does not register (whatever the bytes are),
 * `max_size` over 10 MiB.
 */
export function imageField(
  options: { required?: boolean } = {},
): z.ZodType<UploadedImage | undefined> {
  return field((value) => {
    const early = empty<UploadedImage>(value, options.required !== false, false, MSG.fileRequired);
    if (early) return early as Outcome<UploadedImage | undefined>;
    if (value === "" && options.required === false) return ok(undefined);
    if (!(value instanceof UploadedFile)) return fail("invalid", MSG.notAFile);
    if (!value.name) return fail("no_name", MSG.fileNoName);
    if (value.bytes.length === 0) return fail("empty", MSG.fileEmpty);
    const extension = detectImage(value.bytes);
    if (!extension) return fail("invalid_image", MSG.invalidImage);
    const issues: Issue[] = [];
    const named = fileExtension(value.name);
    if (!ALLOWED_EXTENSIONS.has(named))
      issues.push({
        code: "invalid_extension",
        detail: MSG.invalidExtension(named, PILLOW_EXTENSIONS.join(", ")),
      });
    if (value.bytes.length > MAX_IMAGE_BYTES)
      issues.push({ code: "max_size", detail: MSG.maxSize });
    return issues.length ? { ok: false, issues } : ok({ bytes: value.bytes, extension });
  });
}

/** A file part of a multipart body, read into memory. */
export class UploadedFile {
  constructor(
    readonly name: string,
    readonly type: string,
    readonly bytes: Buffer,
  ) {}
}

// ---------------------------------------------------------------- filters

/** django-filter: an empty parameter is no filter. */
const blank = (value: string | undefined): value is undefined =>
  value === undefined || value === "";

/** Text filters (exact, icontains, startswith): any non-empty string. */
export function textFilter(): z.ZodType<string | undefined> {
  return z
    .string()
    .optional()
    .transform((value) => (blank(value) ? undefined : value));
}

/** django-filter BooleanFilter (BooleanWidget): true/false/1/0, anything else ignored. */
export function booleanFilter(): z.ZodType<boolean | undefined> {
  return z
    .string()
    .optional()
    .transform((value) => {
      const lowered = value?.toLowerCase();
      if (lowered === "true" || lowered === "1") return true;
      if (lowered === "false" || lowered === "0") return false;
      return undefined;
    });
}

/** A calendar day in the server's time zone (`created_at_day_month_year`). */
export function dayFilter(): z.ZodType<{ start: number; end: number } | undefined> {
  return field((value) => {
    if (typeof value !== "string" || blank(value)) return ok(undefined);
    const day = parseDay(value);
    return day ? ok(day) : fail("invalid", MSG.invalidDate);
  });
}

/** An ISO timestamp (`created_at`, `created_at__gte`, `created_at__lte`), in microseconds. */
export function dateTimeFilter(): z.ZodType<number | undefined> {
  return field((value) => {
    if (typeof value !== "string" || blank(value)) return ok(undefined);
    const micros = parseDateTime(value);
    return micros === null ? fail("invalid", MSG.invalidDateTime) : ok(micros);
  });
}

/** django-filter NumberFilter (a Decimal form field). */
export function numberFilter(): z.ZodType<number | undefined> {
  return field((value) => {
    if (typeof value !== "string" || blank(value)) return ok(undefined);
    const text = value.trim();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text))
      return fail("invalid", MSG.invalidNumber);
    return ok(Number(text));
  });
}

/** django-filter ModelChoiceFilter over integer keys. */
export function modelChoiceFilter(exists: (id: number) => boolean): z.ZodType<number | undefined> {
  return field((value) => {
    if (typeof value !== "string" || blank(value)) return ok(undefined);
    const id = toInteger(value.trim());
    if (id === null || !exists(id)) return fail("invalid_choice", MSG.invalidChoice);
    return ok(id);
  });
}

// ---------------------------------------------------------------- running

type Shape = Record<string, z.ZodType>;
export type Parsed<S extends Shape> = { [K in keyof S]: z.output<S[K]> };
type FieldChecks<S extends Shape> = {
  [K in keyof S]?: (value: NonNullable<z.output<S[K]>>) => Issue | null;
};

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    code: String((issue as { params?: { code?: unknown } }).params?.code ?? "invalid"),
    detail: issue.message,
  }));
}

/**
 * Validates `data` field by field, in the shape's order, then runs the
 * per-field checks (DRF's `validate_<field>`) on the fields that passed.
 * Throws a 400 with every field's errors.
 */
export function validate<S extends Shape>(
  shape: S,
  data: Record<string, unknown>,
  checks: FieldChecks<S> = {},
): Parsed<S> {
  const errors: ErrorItem[] = [];
  const output: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const result = schema.safeParse(data[key]);
    if (!result.success) {
      for (const issue of issuesOf(result.error))
        errors.push(fieldError(key, issue.code, issue.detail));
      continue;
    }
    const check = checks[key as keyof S];
    if (check && result.data !== undefined && result.data !== null) {
      const issue = check(result.data as never);
      if (issue) {
        errors.push(fieldError(key, issue.code, issue.detail));
        continue;
      }
    }
    output[key] = result.data;
  }
  if (errors.length) throw validationError(errors);
  return output as Parsed<S>;
}

/** The body must be a JSON object (DRF: «Ожидался dictionary»). */
export function asObject(data: unknown): Record<string, unknown> {
  if (data === null) throw validationError([fieldError("non_field_errors", "null", MSG.null)]);
  if (typeof data !== "object" || Array.isArray(data) || data instanceof UploadedFile) {
    throw validationError([
      fieldError("non_field_errors", "invalid", MSG.notADict(pythonType(data))),
    ]);
  }
  return data as Record<string, unknown>;
}

/** Query parameters (the last value of each, as Django's QueryDict.get) through filter schemas. */
export function validateQuery<S extends Shape>(shape: S, params: URLSearchParams): Parsed<S> {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const values = params.getAll(key);
    if (values.length) data[key] = values[values.length - 1];
  }
  return validate(shape, data);
}

export const checkIssue = (code: string, detail: string): Issue => ({ code, detail });
