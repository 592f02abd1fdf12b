/**
 * A visitor's name, e-mail and phone, written once for every public form that asks for them (the
 * contact form and "Ask about this home", the welcome page's lead form, the home valuation, a
 * showing, an open house's RSVP), with the contact form's labels of spec §5 and ids prefixed per
 * form. Only whether the phone is required differs: a lead, a showing or a valuation is followed
 * up by phone, the others only answered by e-mail.
 */
import { LIMITS } from "~/lib/schemas/limits";
import { TextField } from "./fields";

type VisitorField = "name" | "fullName" | "email" | "phone";

interface VisitorFieldsProps {
  /** Prefixes the fields' ids ("contact" gives contact-name…): two forms can share a page without clashing. */
  idPrefix: string;
  /** The name's field: "name", or the lead form's "fullName" (its table's column). */
  nameField?: "name" | "fullName";
  phoneRequired: boolean;
  errors: Partial<Record<VisitorField, string>>;
  /** What was typed, when the page came back from a submission made without JavaScript. */
  values: Partial<Record<VisitorField, string>> | null | undefined;
}

export function VisitorFields({ idPrefix, nameField = "name", phoneRequired, errors, values }: VisitorFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name={nameField}
        label="Full Name"
        required
        autoComplete="name"
        maxLength={LIMITS.name}
        defaultValue={values?.[nameField]}
        error={errors[nameField]}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label="Email Address"
        required
        autoComplete="email"
        maxLength={LIMITS.email}
        defaultValue={values?.email}
        error={errors.email}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label="Phone Number"
        required={phoneRequired}
        autoComplete="tel"
        maxLength={LIMITS.phone}
        defaultValue={values?.phone}
        error={errors.phone}
      />
    </>
  );
}
