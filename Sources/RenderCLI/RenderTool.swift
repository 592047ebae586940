import Render
