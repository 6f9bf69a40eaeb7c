import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Brand } from '../Brand';
import { MainMenu } from './MainMenu';

/**
 * The menu as a drawer below the lg breakpoint (phones). Its code (zag's dialog, focus trap) loads
 * with the first tap on "Open menu" (AppShell, ADR 017 third pass).
 */
export function MenuDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="sidebar.bg" color="sidebar.fg" maxW="72">
            <Drawer.Header px="4">
              <Drawer.Title>
                <Brand color="white" />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0">
              <MainMenu onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close menu" color="white" _hover={{ bg: 'sidebar.hover' }} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
