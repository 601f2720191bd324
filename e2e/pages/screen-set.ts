import type { FrameLocator, Locator } from '@playwright/test';
import { PageObject, dialogNamed } from './page-object';

/**
 * The addCard popup's registration screen set (spec §2 Card popups "embeds a registration screen set"):
 * the identity provider's `/screens/add-card` page in an iframe inside mf-loyalty's 'Add your Scene+ card'
 * dialog. The card form lives in the frame; the dialog keeps 'Remind me later', the × and the register link.
 */
export class AddCardScreenSet extends PageObject {
  readonly dialog = dialogNamed(this.page, 'Add your Scene+ card');
  /** The iframe element (its `src` is on the identity provider's origin). */
  readonly frameElement: Locator = this.dialog.locator('iframe[title="Scene+ card number form"]');
  readonly frame: FrameLocator = this.dialog.frameLocator('iframe[title="Scene+ card number form"]');
  readonly cardNumber = this.frame.getByRole('textbox', { name: 'Scene+ card number' });
  readonly addCardButton = this.frame.getByRole('button', { name: 'Add Card' });
  readonly cancelButton = this.frame.getByRole('button', { name: 'Cancel' });
  /** The field's error (`role="alert"` in the frame). */
  readonly error = this.frame.getByRole('alert');
}
