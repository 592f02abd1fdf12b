import * as DialogPrimitive from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import type { ReactNode } from "react";

/**
 * An accessible modal (Radix: focus trap, Escape, aria wiring) in the site's style.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 text-ink shadow-xl"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="pr-10 text-xl font-bold">{title}</DialogPrimitive.Title>
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md hover:bg-surface-muted"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
