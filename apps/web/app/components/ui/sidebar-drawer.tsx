import { Dialog as DialogPrimitive } from 'radix-ui';
import type { CSSProperties, ReactNode } from 'react';
import { SIDEBAR } from '@keel/core/constants';

/** The mobile drawer (below 768 px). Loaded on first open: desktop visitors never download it. */
export default function SidebarDrawer({
  open,
  onOpenChange,
  label,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 md:hidden" />
        <DialogPrimitive.Content
          data-testid="sidebar-drawer"
          className="fixed inset-y-0 left-0 z-50 flex h-full w-[var(--sidebar-width-mobile)] max-w-[85vw] flex-col border-r bg-sidebar shadow-lg md:hidden"
          style={{ '--sidebar-width-mobile': SIDEBAR.widthMobile } as CSSProperties}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Site navigation</DialogPrimitive.Description>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
