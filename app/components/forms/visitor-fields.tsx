/**
 * A visitor's name, e-mail and phone on a request about one home (a showing, an open house's
 * RSVP): the same three fields on both pages, their ids prefixed per form. Only whether the phone
 * is required differs: a showing is confirmed by phone, an RSVP only reminded by e-mail.
 */
import { LIMITS } from "~/lib/schemas/limits";
import { TextField } from "./fields";

type VisitorField = "name" | "email" | "phone";

interface VisitorFieldsProps {
  idPrefix: string;
  phoneRequired: boolean;
  errors: Partial<Record<VisitorField, string>>;
  /** What was typed, when the page came back from a submission made without JavaScript. */
  values: Partial<Record<VisitorField, string>> | null | undefined;
}

export function VisitorFields({ idPrefix, phoneRequired, errors, values }: VisitorFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Full name"
        autoComplete="name"
        required
        maxLength={LIMITS.name}
        defaultValue={values?.name}
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        defaultValue={values?.email}
        error={errors.email}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label="Phone"
        autoComplete="tel"
        required={phoneRequired}
        maxLength={LIMITS.phone}
        defaultValue={values?.phone}
        error={errors.phone}
      />
    </>
  );
}
