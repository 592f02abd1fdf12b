/** "Add a passkey on this device": shown only where the browser supports passkeys. */
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Notice } from "./inbox-ui";
import { Button } from "~/components/ui/button";

export function AddPasskey({ prominent }: { prominent: boolean }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null; added: boolean }>({ busy: false, error: null, added: false });
  const revalidator = useRevalidator();
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  if (supported === false)
    return <p className="text-sm text-ink-muted">This browser does not support passkeys; sign in with your e-mail and password.</p>;
  if (supported === null) return null;
  const add = async () => {
    setState({ busy: true, error: null, added: false });
    const { addPasskey, passkeyErrorMessage } = await import("./passkeys.client");
    try {
      await addPasskey();
      setState({ busy: false, error: null, added: true });
      await revalidator.revalidate();
    } catch (e) {
      setState({ busy: false, error: passkeyErrorMessage(e, "The passkey could not be added."), added: false });
    }
  };
  return (
    <div className="space-y-3">
      <Button type="button" variant={prominent ? "primary" : "secondary"} onClick={add} disabled={state.busy}>
        {state.busy ? "Waiting for your device..." : "Add a passkey on this device"}
      </Button>
      {state.added && <Notice tone="info">Passkey added. Next time, choose “Sign in with a passkey”.</Notice>}
      {state.error && <Notice tone="error">{state.error}</Notice>}
    </div>
  );
}
