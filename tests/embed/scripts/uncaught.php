<?php
throw new RuntimeException("nobody catches this");
