import * as Dialog from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import type { ReactNode } from "react";

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onCloseAutoFocus: () => void;
  children: ReactNode;
}

/**
 * The welcome page's dialogs (the promises and the lead form): overlay, title, close button and
 * description around the content, open as long as the page says.
 *
 * The default export, so the page can load it with React.lazy: Radix's dialog is ~13 KB of
 * script that only opening a dialog needs.
 */
export default function DialogFrame({ open, onOpenChange, title, description, onCloseAutoFocus, children }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 text-ink shadow-xl"
          onCloseAutoFocus={(event) => {
            // The triggers are plain buttons, not Dialog.Trigger: give focus back to the one used.
            event.preventDefault();
            onCloseAutoFocus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-ink-muted hover:bg-surface-muted" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-ink-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
